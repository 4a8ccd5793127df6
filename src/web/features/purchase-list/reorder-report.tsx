import type { ReorderResult } from '../../../contract/purchase-list.ts';
import { groupDigits } from '../catalog/stock-label.tsx';

/** What 加入购物车 put in (with the quantities the cart needed) and what it left out, with why; cartHref is the phone's cart on the mobile site. */
export function ReorderReport({ report, onClose, cartHref = '/cart' }: { report: ReorderResult; onClose: () => void; cartHref?: string }) {
  const adjusted = report.added.filter((line) => line.quantity !== line.requestedQuantity);
  return (
    <div className="list-report" role="status" data-testid="reorder-report">
      <p>
        已将 <strong>{report.added.length}</strong> 种商品加入购物车
        {report.added.length > 0 && (
          <a className="list-report__link" href={cartHref}>
            去购物车结算 ›
          </a>
        )}
        <button type="button" className="link-button list-report__close" onClick={onClose}>
          关闭
        </button>
      </p>
      {adjusted.length > 0 && (
        <ul className="list-report__lines">
          {adjusted.map((line) => (
            <li key={line.lineId}>
              {line.code}：按起订量与整包数量加入 {groupDigits(line.quantity)} 个（清单数量 {groupDigits(line.requestedQuantity)}）
            </li>
          ))}
        </ul>
      )}
      {report.skipped.length > 0 && (
        <>
          <p className="list-report__failed">以下商品未能加入：</p>
          <ul className="list-report__lines">
            {report.skipped.map((line) => (
              <li key={line.lineId} data-testid="reorder-skipped">
                {line.code}：{line.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
