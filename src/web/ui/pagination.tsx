import type { MouseEvent } from 'react';

interface PaginationProps {
  page: number;
  total: number;
  pageSize: number;
  hrefFor: (page: number) => string;
  /** What the total counts, after 共 N: 个商品, 个订单, 条消息… */
  unit: string;
  /** In-page navigation: called instead of following the link. */
  onNavigate?: (page: number) => void;
}

/** Page numbers around the current one, with the first and last always shown. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    // A gap of one page shows that page rather than "…".
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push('gap');
    items.push(p);
  });
  return items;
}

/**
 * 上一页 1 … 4 5 [6] 7 8 … 20 下一页 共 N 个, as real links (the page number lives in the URL): every
 * paged list of the shop and the member centre. Styles: pagination.css.
 */
export function Pagination({ page, total, pageSize, hrefFor, unit, onNavigate }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1 && page <= 1) return null;
  const follow = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onNavigate(target);
  };
  return (
    <nav className="pager" aria-label="分页">
      {page > 1 ? (
        <a className="pager__item" href={hrefFor(page - 1)} onClick={follow(page - 1)}>
          上一页
        </a>
      ) : (
        <span className="pager__item pager__item--disabled" aria-disabled="true">
          上一页
        </span>
      )}
      {pageWindow(page, pageCount).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`} className="pager__gap">
            …
          </span>
        ) : (
          <a
            key={item}
            className={item === page ? 'pager__item pager__item--current' : 'pager__item'}
            href={hrefFor(item)}
            aria-current={item === page ? 'page' : undefined}
            onClick={follow(item)}
          >
            {item}
          </a>
        ),
      )}
      {page < pageCount ? (
        <a className="pager__item" href={hrefFor(page + 1)} onClick={follow(page + 1)}>
          下一页
        </a>
      ) : (
        <span className="pager__item pager__item--disabled" aria-disabled="true">
          下一页
        </span>
      )}
      <span className="pager__total">
        共 {total} {unit}
      </span>
    </nav>
  );
}
