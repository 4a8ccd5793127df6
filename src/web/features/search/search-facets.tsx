import { useState } from 'react';
import { searchParamsUrl, type SearchFacetValue, type SearchParams, type SearchResult } from '../../../contract/search.ts';

/** Values shown before 更多. */
const collapsedCount = 12;

type FacetName = 'categoryId' | 'brandId' | 'package';

function withFacet(params: SearchParams, name: FacetName, value: string | null): string {
  const next: SearchParams = { ...params, page: 1 };
  if (name === 'package') next.package = value;
  else next[name] = value === null ? null : Number(value);
  return searchParamsUrl(next);
}

function selectedValue(params: SearchParams, name: FacetName): string | null {
  const value = params[name];
  return value === null ? null : String(value);
}

function FacetRow({ title, name, values, params }: { title: string; name: FacetName; values: SearchFacetValue[]; params: SearchParams }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const selected = selectedValue(params, name);
  if (values.length === 0 && selected === null) return null;
  const shown = isExpanded ? values : values.slice(0, collapsedCount);
  return (
    <div className="search-facet" data-facet={name}>
      <div className="search-facet__title">{title}：</div>
      <ul className="search-facet__values">
        <li>
          <a className={selected === null ? 'search-facet__value search-facet__value--active' : 'search-facet__value'} href={withFacet(params, name, null)}>
            不限
          </a>
        </li>
        {shown.map((value) => {
          const isActive = value.value === selected;
          return (
            <li key={value.value}>
              <a
                className={isActive ? 'search-facet__value search-facet__value--active' : 'search-facet__value'}
                href={withFacet(params, name, isActive ? null : value.value)}
                aria-current={isActive ? 'true' : undefined}
              >
                {value.label}
                <span className="search-facet__count">({value.count})</span>
              </a>
            </li>
          );
        })}
      </ul>
      {values.length > collapsedCount && (
        <button type="button" className="search-facet__more" onClick={() => setIsExpanded(!isExpanded)} aria-expanded={isExpanded}>
          {isExpanded ? '收起' : `更多(${values.length - collapsedCount})`}
        </button>
      )}
    </div>
  );
}

/** Category, brand, package and stock filters with counts; every choice is a link (the URL holds it). */
export function SearchFacets({ result }: { result: SearchResult }) {
  const { params, facets } = result;
  return (
    <section className="search-facets" aria-label="筛选">
      <FacetRow title="分类" name="categoryId" values={facets.categories} params={params} />
      <FacetRow title="品牌" name="brandId" values={facets.brands} params={params} />
      <FacetRow title="封装" name="package" values={facets.packages} params={params} />
      <div className="search-facet" data-facet="stock">
        <div className="search-facet__title">库存：</div>
        <ul className="search-facet__values">
          <li>
            <a
              className={params.isInStock ? 'search-facet__value' : 'search-facet__value search-facet__value--active'}
              href={searchParamsUrl({ ...params, isInStock: false, page: 1 })}
            >
              不限
            </a>
          </li>
          <li>
            <a
              className={params.isInStock ? 'search-facet__value search-facet__value--active' : 'search-facet__value'}
              href={searchParamsUrl({ ...params, isInStock: !params.isInStock, page: 1 })}
              aria-current={params.isInStock ? 'true' : undefined}
            >
              仅看现货<span className="search-facet__count">({facets.inStockCount})</span>
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
