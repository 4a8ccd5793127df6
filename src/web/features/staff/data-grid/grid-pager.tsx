import { gridPageSizes, type GridPageSize } from '../../../../contract/staff-grid.ts';

function isPageSize(value: number): value is GridPageSize {
  return (gridPageSizes as readonly number[]).includes(value);
}

/** 共 N 条, the page of pages, first/previous/next/last and the page size. */
export function GridPager({
  total,
  page,
  pageSize,
  isLoading,
  onPage,
  onPageSize,
}: {
  total: number;
  page: number;
  pageSize: GridPageSize;
  isLoading: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: GridPageSize) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="data-grid__pager" aria-label="分页">
      <span data-testid="grid-total">共 {total} 条</span>
      <button type="button" disabled={isLoading || page <= 1} onClick={() => onPage(1)}>
        首页
      </button>
      <button type="button" disabled={isLoading || page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      <span data-testid="grid-page">
        第 {page}/{pageCount} 页
      </span>
      <button type="button" disabled={isLoading || page >= pageCount} onClick={() => onPage(page + 1)}>
        下一页
      </button>
      <button type="button" disabled={isLoading || page >= pageCount} onClick={() => onPage(pageCount)}>
        末页
      </button>
      <label>
        每页
        <select
          aria-label="每页条数"
          value={pageSize}
          onChange={(event) => {
            const size = Number(event.target.value);
            if (isPageSize(size)) onPageSize(size);
          }}
        >
          {gridPageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        条
      </label>
    </nav>
  );
}
