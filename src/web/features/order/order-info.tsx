import { invoiceTitleOf, invoiceTypeNames } from '../../../contract/invoice.ts';
import { OrderStatus, ShortfallChoice, type OrderDetail } from '../../../contract/order.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { InvoiceFacts } from '../invoice/invoice-profile-card.tsx';

const shortfallLabels: Record<ShortfallChoice, string> = {
  [ShortfallChoice.shipAvailable]: '先发现货',
  [ShortfallChoice.waitForAll]: '全部到货后发货',
};
function AddressBlock({ order }: { order: OrderDetail }) {
  const { address } = order;
  return (
    <section className="order-info__block" aria-labelledby="order-info-address">
      <h3 id="order-info-address" className="order-info__title">
        收货信息
      </h3>
      {address ? (
        <dl className="order-info__facts" data-testid="order-address">
          <dt>收货人</dt>
          <dd>{address.receiver}</dd>
          <dt>联系电话</dt>
          <dd>{address.phone}</dd>
          <dt>收货地址</dt>
          <dd>
            {address.provinceName} {address.cityName} {address.districtName} {address.detail}
          </dd>
        </dl>
      ) : (
        <p className="order-muted">上门自提，无需收货地址</p>
      )}
    </section>
  );
}

function DeliveryBlock({ order }: { order: OrderDetail }) {
  const hasBackOrder = order.lines.some((line) => line.reservedQuantity < line.quantity - line.cancelledQuantity);
  return (
    <section className="order-info__block" aria-labelledby="order-info-delivery">
      <h3 id="order-info-delivery" className="order-info__title">
        配送信息
      </h3>
      <dl className="order-info__facts">
        <dt>配送方式</dt>
        <dd data-testid="order-carrier">{order.carrier.name}</dd>
        {hasBackOrder || order.shortfallChoice === ShortfallChoice.waitForAll ? (
          <>
            <dt>缺货处理</dt>
            <dd>{shortfallLabels[order.shortfallChoice]}</dd>
          </>
        ) : null}
        <dt>运单号</dt>
        <dd>{order.trackingNo ?? '暂无'}</dd>
        {order.remark ? (
          <>
            <dt>订单备注</dt>
            <dd>{order.remark}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function InvoiceBlock({ order }: { order: OrderDetail }) {
  const { invoice } = order;
  return (
    <section className="order-info__block" aria-labelledby="order-info-invoice">
      <h3 id="order-info-invoice" className="order-info__title">
        发票信息
      </h3>
      {invoice ? (
        <div data-testid="order-invoice">
          <p className="order-info__line">
            {invoiceTypeNames[invoice.type]}：{invoiceTitleOf(invoice)}
          </p>
          <InvoiceFacts invoice={invoice} />
          {order.poNumber ? (
            <p className="order-info__line" data-testid="invoice-po-number">
              发票备注：采购订单号 {order.poNumber}
            </p>
          ) : null}
          <InvoiceIssueStatus order={order} />
        </div>
      ) : (
        <p className="order-muted">不开发票</p>
      )}
    </section>
  );
}

function PaymentBlock({ order }: { order: OrderDetail }) {
  const { payment } = order;
  return (
    <section className="order-info__block" aria-labelledby="order-info-payment">
      <h3 id="order-info-payment" className="order-info__title">
        支付信息
      </h3>
      {payment ? (
        <dl className="order-info__facts" data-testid="order-payment">
          <dt>支付方式</dt>
          <dd>{payment.methodLabel}</dd>
          <dt>支付时间</dt>
          <dd>{payment.paidAtStr}</dd>
          {payment.tradeNo ? (
            <>
              <dt>交易号</dt>
              <dd>{payment.tradeNo}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="order-muted">未支付</p>
      )}
    </section>
  );
}

/** 收货信息, 配送信息, 发票信息, 支付信息 side by side. */
export function OrderInfo({ order }: { order: OrderDetail }) {
  return (
    <div className="order-info">
      <AddressBlock order={order} />
      <DeliveryBlock order={order} />
      <InvoiceBlock order={order} />
      <PaymentBlock order={order} />
    </div>
  );
}

/** Where the invoice stands: issued after payment by staff, with its number and, when given, the PDF. */
function InvoiceIssueStatus({ order }: { order: OrderDetail }) {
  const issued = order.issuedInvoice;
  if (issued) {
    return (
      <p className="order-info__invoice-status" data-testid="invoice-status">
        <span className="order-info__badge order-info__badge--done">{issued.statusLabel}</span> 发票号码 {issued.invoiceNumber}，
        {formatBeijingDate(issued.issuedAt)} 开具
        {issued.reversalNumber ? `，红字发票号码 ${issued.reversalNumber}` : ''}
        {issued.fileUrl ? (
          <>
            {' '}
            <a href={issued.fileUrl} target="_blank" rel="noopener noreferrer">
              下载电子发票
            </a>
          </>
        ) : null}
      </p>
    );
  }
  const text =
    order.status === OrderStatus.unpaid
      ? '付款后开具'
      : order.status === OrderStatus.cancelled
        ? '订单已取消，不开具'
        : order.status === OrderStatus.closed
          ? '订单已全额退款，不开具'
          : '待开票';
  return (
    <p className="order-info__invoice-status" data-testid="invoice-status">
      <span className="order-info__badge">{text}</span>
    </p>
  );
}
