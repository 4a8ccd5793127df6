import type { CountedCategory, CountedValue } from '../../../contract/catalog.ts';

interface ListFacetsProps {
  categories: CountedCategory[];
  packages: CountedValue[];
  categoryId: number | undefined;
  packageName: string | undefined;
  hrefFor: (change: { category?: number | null; package?: string | null }) => string;
}

const shownPackages = 24;

/** Category and package choices of a brand or zone list, as links with counts. */
export function ListFacets({ categories, packages, categoryId, packageName, hrefFor }: ListFacetsProps) {
  return (
    <section className="filter-panel" aria-label="筛选">
      <div className="facet">
        <div className="facet__name">分类</div>
        <div className="facet__body">
          <ul className="facet__values">
            <li>
              <a className={categoryId === undefined ? 'facet__value facet__value--selected' : 'facet__value'} href={hrefFor({ category: null })}>
                全部
              </a>
            </li>
            {categories.map((category) => (
              <li key={category.categoryId}>
                <a
                  className={category.categoryId === categoryId ? 'facet__value facet__value--selected' : 'facet__value'}
                  href={hrefFor({ category: category.categoryId })}
                  aria-current={category.categoryId === categoryId ? 'true' : undefined}
                >
                  {category.categoryName}
                  <span className="facet__count">{`(${category.count})`}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="facet">
        <div className="facet__name">封装</div>
        <div className="facet__body">
          <ul className="facet__values">
            <li>
              <a className={packageName === undefined ? 'facet__value facet__value--selected' : 'facet__value'} href={hrefFor({ package: null })}>
                全部
              </a>
            </li>
            {packages.slice(0, shownPackages).map((value) => (
              <li key={value.value}>
                <a
                  className={value.value === packageName ? 'facet__value facet__value--selected' : 'facet__value'}
                  href={hrefFor({ package: value.value })}
                  aria-current={value.value === packageName ? 'true' : undefined}
                >
                  {value.value}
                  <span className="facet__count">{`(${value.count})`}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
