import { choosePath } from '../../contract/catalog.ts';
import type { CategoryGroup } from '../../contract/shell.ts';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface CataloguePageData {
  groups: CategoryGroup[];
}

function skuTotal(group: CategoryGroup['categoryList'][number]): number {
  return group.categorySecondList.reduce((sum, second) => sum + second.skuCount, 0);
}

/** Every group, first- and second-level category with its product count. */
export function CataloguePage({ shell, data }: PageProps<CataloguePageData>) {
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '分类目录' }]} />
      <div className="catalogue">
        <nav className="catalogue__index" aria-label="分类分组">
          <h2 className="catalogue__index-title">全部分类</h2>
          {data.groups.map((group, i) => (
            <a key={group.categoryGroupName} className="catalogue__index-link" href={`#group-${i + 1}`}>
              {group.categoryGroupName}
            </a>
          ))}
        </nav>
        <div className="catalogue__groups">
          <h1 className="catalogue__title">元器件分类目录</h1>
          {data.groups.map((group, i) => (
            <section key={group.categoryGroupName} id={`group-${i + 1}`} className="catalogue-group">
              <h2 className="catalogue-group__name">{group.categoryGroupName}</h2>
              {group.categoryList.map((first) => (
                <div key={first.categoryId} className="catalogue-first">
                  <h3 className="catalogue-first__name">
                    <a href={choosePath(first.categoryId)}>{first.categoryName}</a>
                    <span className="catalogue-first__count">{`(${skuTotal(first)})`}</span>
                  </h3>
                  <ul className="catalogue-first__seconds">
                    {first.categorySecondList.map((second) => (
                      <li key={second.categoryId}>
                        <a href={choosePath(first.categoryId, second.categoryId)}>
                          {second.categoryName}
                          <span className="catalogue-first__second-count">{`(${second.skuCount})`}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        </div>
      </div>
    </PageShell>
  );
}
