import { mobileChoosePath, type MobileCatalogueData } from '../../contract/mobile.ts';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import type { PageProps } from './page-props.ts';

/** /m/catalogue: every group's first-level categories (a jump list) and their second levels with part counts. */
export function MobileCataloguePage({ shell, data }: PageProps<MobileCatalogueData>) {
  const { groups, basePath } = data;
  const firsts = groups.flatMap((group) => group.categoryList);
  return (
    <MobileFrame shell={shell} title="全部分类" backHref={basePath} basePath={basePath}>
      <div className="m-catalogue">
        <nav className="m-catalogue__rail" aria-label="一级分类">
          {firsts.map((first) => (
            <a key={first.categoryId} href={`#c${first.categoryId}`}>
              {first.categoryName}
            </a>
          ))}
        </nav>
        <div className="m-catalogue__groups" data-testid="m-catalogue">
          {groups.map((group) => (
            <section key={group.categoryGroupName} className="m-catalogue__group">
              <h2>{group.categoryGroupName}</h2>
              {group.categoryList.map((first) => (
                <section key={first.categoryId} id={`c${first.categoryId}`} className="m-catalogue__first">
                  <h3>
                    <a href={mobileChoosePath(basePath, first.categoryId)}>{first.categoryName}</a>
                  </h3>
                  <ul>
                    {first.categorySecondList.map((second) => (
                      <li key={second.categoryId}>
                        <a href={mobileChoosePath(basePath, first.categoryId, second.categoryId)} data-testid="m-subcategory">
                          <span>{second.categoryName}</span>
                          <small>{second.skuCount}</small>
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </section>
          ))}
        </div>
      </div>
    </MobileFrame>
  );
}
