import { searchParamsUrl, type SearchParams } from '../../../contract/search.ts';

const sorts: { sort: SearchParams['sort']; label: string }[] = [
  { sort: 0, label: '综合排序' },
  { sort: 1, label: '价格 ↑' },
  { sort: 2, label: '价格 ↓' },
  { sort: 3, label: '库存' },
];

/** Sort orders as links (relevance, price both ways, stock), with the result count. */
export function SearchSortBar({ params, total }: { params: SearchParams; total: number }) {
  return (
    <div className="search-sort-bar">
      <span className="search-sort-bar__label">排序：</span>
      {sorts.map(({ sort, label }) => (
        <a
          key={sort}
          className={sort === params.sort ? 'search-sort-bar__item search-sort-bar__item--active' : 'search-sort-bar__item'}
          href={searchParamsUrl({ ...params, sort, page: 1 })}
          aria-current={sort === params.sort ? 'true' : undefined}
        >
          {label}
        </a>
      ))}
      <span className="search-sort-bar__total">
        共 <strong>{total}</strong> 个商品
      </span>
    </div>
  );
}
