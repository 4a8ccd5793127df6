import { adminOrdersPath, type AdminOrderDetail, type AdminOrderDetailPageData } from '../../../contract/console/orders.ts';
import { invoiceTypeNames } from '../../../contract/invoice.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import {
  CancelForm,
  ConfirmTransferForm,
  InvoiceForm,
  LateTransferForm,
  OfflineRefundButton,
  RetryRefundButton,
  RefundForm,
  ReverseInvoiceForm,
  ShipForm,
} from '../../features/order-desk/order-action-forms.tsx';
import { arrivalText, BackOrderSection } from '../../features/order-desk/backorder-forms.tsx';
import { useOrderDesk } from '../../features/order-desk/use-order-desk.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import type { PageProps } from '../../pages/page-props.ts';

function Facts({ detail }: { detail: AdminOrderDetail }) {
  return (
    <dl className="desk-facts">
      <dt>订单状态</dt>
      <dd data-testid="order-status">{detail.statusLabel}</dd>
      <dt>会员手机</dt>
      <dd>{detail.memberPhone}</dd>
      <dt>下单时间</dt>
      <dd>{detail.createdAtStr}</dd>
      {detail.poNumber && (
        <>
          <dt>采购订单号</dt>
          <dd data-testid="order-po-number">{detail.poNumber}</dd>
        </>
      )}
      <dt>支付</dt>
      <dd>{detail.payment ? `${detail.payment.methodLabel} ${detail.payment.paidAtStr}` : '未付款'}</dd>
      <dt>配送方式</dt>
      <dd>
        {detail.carrier.name}
        {detail.trackingNo ? ` 运单号 ${detail.trackingNo}` : ''}
      </dd>
      <dt>收货地址</dt>
      <dd>
        {detail.address
          ? `${detail.address.receiver} ${detail.address.phone} ${detail.address.provinceName}${detail.address.cityName}${detail.address.districtName}${detail.address.detail}`
          : '自提'}
      </dd>
      <dt>发票</dt>
      <dd>
        {detail.invoice
          ? `${invoiceTypeNames[detail.invoice.type]}：${'companyName' in detail.invoice ? detail.invoice.companyName : detail.invoice.title}`
          : '不开发票'}
        {detail.issuedInvoice
          ? `（${detail.issuedInvoice.statusLabel}，号码 ${detail.issuedInvoice.invoiceNumber}${detail.issuedInvoice.reversalNumber ? `，红字发票 ${detail.issuedInvoice.reversalNumber}` : ''}）`
          : detail.invoice
            ? '（待开票）'
            : ''}
        {detail.issuedInvoice?.fileUrl && (
          <>
            {' '}
            <a href={detail.issuedInvoice.fileUrl}>电子发票PDF</a>
          </>
        )}
      </dd>
      {detail.remark && (
        <>
          <dt>买家备注</dt>
          <dd>{detail.remark}</dd>
        </>
      )}
      {detail.cancelReason && (
        <>
          <dt>取消原因</dt>
          <dd>{detail.cancelReason}</dd>
        </>
      )}
    </dl>
  );
}

function Amounts({ detail }: { detail: AdminOrderDetail }) {
  return (
    <dl className="desk-facts">
      <dt>商品金额</dt>
      <dd>{formatCents(detail.goodsCents)}</dd>
      <dt>运费</dt>
      <dd>{formatCents(detail.freightCents)}</dd>
      <dt>优惠</dt>
      <dd>-{formatCents(detail.goodsDiscountCents + detail.freightDiscountCents)}</dd>
      <dt>应付金额</dt>
      <dd>
        <strong>{formatCents(detail.payableCents)}</strong>
      </dd>
      <dt>已退款</dt>
      <dd>{formatCents(detail.refundedCents)}</dd>
    </dl>
  );
}

function Lines({ detail }: { detail: AdminOrderDetail }) {
  return (
    <div className="admin-scroll">
      <table className="admin-table" data-testid="order-lines">
        <thead>
          <tr>
            <th>型号</th>
            <th>客户料号</th>
            <th>品牌</th>
            <th>封装</th>
            <th>单价</th>
            <th>数量</th>
            <th>已发</th>
            <th>待发</th>
            <th>到货</th>
            <th>小计</th>
          </tr>
        </thead>
        <tbody>
          {detail.lines.map((line) => {
            const waiting = line.quantity - line.cancelledQuantity - line.reservedQuantity;
            return (
              <tr key={line.id}>
                <td>{line.productCode}</td>
                <td data-testid="line-customer-part-no">{line.customerPartNo}</td>
                <td>{line.brandName}</td>
                <td>{line.package}</td>
                <td>{formatUnitPriceE4(line.unitPriceE4)}</td>
                <td>
                  {line.quantity}
                  {line.cancelledQuantity > 0 ? `（已取消 ${String(line.cancelledQuantity)}）` : ''}
                  {waiting > 0 ? `（缺货 ${String(waiting)}）` : ''}
                </td>
                <td>{line.shippedQuantity}</td>
                <td>{line.toShipQuantity}</td>
                <td data-testid="line-arrival">{arrivalText(line)}</td>
                <td>{formatCents(line.amountCents)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Shipments({ detail }: { detail: AdminOrderDetail }) {
  return (
    <section className="admin-card desk-section">
      <h2>包裹</h2>
      <div className="admin-scroll">
        <table className="admin-table" data-testid="order-shipments">
          <tbody>
            {detail.shipments.map((shipment) => (
              <tr key={shipment.id}>
                <td>{shipment.shippedAtStr}</td>
                <td>{shipment.carrierName}</td>
                <td>{shipment.trackingNo ?? ''}</td>
                <td>{shipment.linesText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Every refund of the order, a late payment's too; 重新退款 and 确认已线下退款 where the refund's lifecycle allows them. */
function Refunds({ forms }: { forms: DeskForms }) {
  return (
    <section className="admin-card desk-section">
      <h2>退款记录</h2>
      <div className="admin-scroll">
        <table className="admin-table" data-testid="order-refunds">
          <tbody>
            {forms.detail.refunds.map((refund) => (
              <tr key={refund.refundNo}>
                <td>{refund.createdAtStr}</td>
                <td>{refund.refundNo}</td>
                <td>{formatCents(refund.amountCents)}</td>
                <td>{refund.kindLabel}</td>
                <td>{refund.channelLabel}</td>
                <td>
                  {refund.statusLabel}
                  {refund.isOwed ? '（待退，将自动重试）' : ''}
                </td>
                <td>{refund.reason}</td>
                <td>
                  {refund.can.confirmOffline && <OfflineRefundButton {...forms} refundNo={refund.refundNo} />}
                  {refund.can.retry && <RetryRefundButton {...forms} refund={refund} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

type DeskForms = Parameters<typeof RefundForm>[0];

/** The forms of the events the order's lifecycle lets this staff member fire now (detail.can, worked out by the server). */
function Actions({ forms, carriers }: { forms: DeskForms; carriers: AdminOrderDetailPageData['carriers'] }) {
  const { can } = forms.detail;
  const hasAction = Object.values(can).some(Boolean);
  return (
    <aside className="admin-card desk-section" data-testid="order-actions">
      <h2>操作</h2>
      {can.confirmTransfer && <ConfirmTransferForm {...forms} />}
      {can.ship && <ShipForm {...forms} carriers={carriers} />}
      {can.refund && <RefundForm {...forms} />}
      {can.issueInvoice && <InvoiceForm {...forms} />}
      {can.reverseInvoice && <ReverseInvoiceForm {...forms} />}
      {can.cancel && <CancelForm {...forms} />}
      {can.recordLateTransfer && <LateTransferForm {...forms} />}
      {!hasAction && <p>订单当前状态下您没有可执行的操作。</p>}
    </aside>
  );
}

/** /admin/orders/{orderNo}: the order in full, and the actions its lifecycle lets this staff member take. */
export function AdminOrderDetailPage({ data }: PageProps<AdminOrderDetailPageData>) {
  const { record: detail, notice, isBusy, run } = useOrderDesk(data.detail);
  const forms = { detail, run, isBusy };
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={adminOrdersPath}>
      <p>
        <a href={adminOrdersPath}>← 订单管理</a>
      </p>
      <h1>订单 {detail.orderNo}</h1>
      {notice && (
        <p className={notice.isError ? 'desk-notice desk-notice--error' : 'desk-notice'} role="status">
          {notice.text}
        </p>
      )}
      <div className="desk-detail">
        <div>
          <section className="admin-card desk-section">
            <h2>订单信息</h2>
            <Facts detail={detail} />
          </section>
          <section className="admin-card desk-section">
            <h2>商品</h2>
            <Lines detail={detail} />
            <Amounts detail={detail} />
          </section>
          <BackOrderSection {...forms} />
          {detail.shipments.length > 0 && <Shipments detail={detail} />}
          {detail.refunds.length > 0 && <Refunds forms={forms} />}
          <section className="admin-card desk-section">
            <h2>订单日志</h2>
            <ol className="desk-timeline" data-testid="order-timeline">
              {detail.events.map((event, index) => (
                <li key={index}>
                  <time>{event.atStr}</time>
                  {event.text}
                </li>
              ))}
            </ol>
          </section>
        </div>
        <Actions forms={forms} carriers={data.carriers} />
      </div>
    </AdminLayout>
  );
}
