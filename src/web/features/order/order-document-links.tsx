import { hasOrderDocuments, orderDocumentKinds, orderDocumentLabels, orderDocumentPath } from '../../../contract/order-documents.ts';
import type { OrderSummary } from '../../../contract/order.ts';

/**
 * 下载订单确认单 / 下载形式发票: plain links to the PDFs (the server draws them), for an order that is a deal; a
 * cancelled or closed order has none. `buttonClass` is the site's button style (desktop or phone).
 */
export function OrderDocumentLinks({
  order,
  buttonClass,
  className,
}: {
  order: Pick<OrderSummary, 'orderNo' | 'status'>;
  buttonClass: string;
  className: string;
}) {
  if (!hasOrderDocuments(order.status)) return null;
  return (
    <p className={`order-documents ${className}`}>
      <span className="order-documents__label">单据下载（PDF）：</span>
      {orderDocumentKinds.map((kind) => (
        <a
          key={kind}
          className={`${buttonClass} order-documents__link`}
          href={orderDocumentPath(order.orderNo, kind)}
          download
          data-testid={`order-document-${kind}`}
        >
          下载{orderDocumentLabels[kind]}
        </a>
      ))}
    </p>
  );
}
