import { pageWindow } from '../catalog/pagination.tsx';

/** 上一页 1 … 4 [5] 6 … 20 下一页 as links; the page lives in the URL. */
export function OrderPager({ page, total, pageSize, hrefFor }: { page: number; total: number; pageSize: number; hrefFor: (page: number) => string }) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav className="order-pager" aria-label="分页">
      {page > 1 ? (
        <a href={hrefFor(page - 1)}>上一页</a>
      ) : (
        <span className="order-pager__disabled" aria-disabled="true">
          上一页
        </span>
      )}
      {pageWindow(page, pageCount).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${String(index)}`} className="order-pager__gap">
            …
          </span>
        ) : item === page ? (
          <span key={item} className="order-pager__current" aria-current="page">
            {item}
          </span>
        ) : (
          <a key={item} href={hrefFor(item)}>
            {item}
          </a>
        ),
      )}
      {page < pageCount ? (
        <a href={hrefFor(page + 1)}>下一页</a>
      ) : (
        <span className="order-pager__disabled" aria-disabled="true">
          下一页
        </span>
      )}
      <span className="order-pager__total">共 {total} 个订单</span>
    </nav>
  );
}
