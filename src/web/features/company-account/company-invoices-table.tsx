import { companyRoleLabels } from '../../../contract/company-account.ts';
import type { CompanyInvoiceRow, CompanyInvoicesData } from '../../../contract/company-invoices.ts';
import { formatCents } from '../../../contract/money.ts';
import { orderDetailPath } from '../../../contract/order.ts';

function OrderNo({ invoice }: { invoice: CompanyInvoiceRow }) {
  // Only the member who placed an order opens it; colleagues read it on 公司订单.
  return invoice.isMine ? <a href={orderDetailPath(invoice.orderNo)}>{invoice.orderNo}</a> : <>{invoice.orderNo}</>;
}

function InvoiceRow({ invoice }: { invoice: CompanyInvoiceRow }) {
  return (
    <tr data-testid="company-invoice">
      <td className="company-invoices__nowrap">
        <OrderNo invoice={invoice} />
        <span className="company-invoices__sub">{invoice.placedAtStr}</span>
      </td>
      <td className="company-invoices__nowrap">
        {invoice.buyerName}
        <span className="company-invoices__sub">{invoice.buyerRole === null ? '已离开' : companyRoleLabels[invoice.buyerRole]}</span>
      </td>
      <td>{invoice.typeName}</td>
      <td className="company-invoices__title">{invoice.title}</td>
      <td className="company-invoices__nowrap">{invoice.taxNumber || '—'}</td>
      <td className="company-amount">{formatCents(invoice.amountCents)}</td>
      <td data-testid="company-invoice-state">
        <span className={`invoice-state invoice-state--${invoice.state}`}>{invoice.stateLabel}</span>
        {invoice.stateNote ? <span className="company-invoices__sub">{invoice.stateNote}</span> : null}
      </td>
      <td className="company-invoices__nowrap">
        {invoice.issuedAtStr || '—'}
        {invoice.invoiceNumber ? <span className="company-invoices__sub">No. {invoice.invoiceNumber}</span> : null}
        {invoice.reversalNumber ? <span className="company-invoices__sub">红字 {invoice.reversalNumber}</span> : null}
      </td>
      <td className="company-invoices__nowrap">
        {invoice.fileUrl ? (
          <a href={invoice.fileUrl} target="_blank" rel="noopener noreferrer" data-testid="company-invoice-file">
            下载PDF
          </a>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

/** One row per order's invoice: who ordered, the invoice asked for, its amount, where it stands and its PDF. */
export function CompanyInvoicesTable({ data }: { data: CompanyInvoicesData }) {
  const { query } = data;
  if (data.invoices.length === 0) {
    const isFiltered = query.state !== 'all' || query.from !== '' || query.to !== '';
    return (
      <p className="company-muted" data-testid="company-invoices-empty">
        {isFiltered ? '没有符合条件的发票。' : '企业成员的订单还没有申请发票。'}
      </p>
    );
  }
  return (
    <table className="company-table company-invoices__table" data-testid="company-invoices">
      <thead>
        <tr>
          <th scope="col">订单号</th>
          <th scope="col">下单人</th>
          <th scope="col">发票类型</th>
          <th scope="col">抬头</th>
          <th scope="col">税号</th>
          <th scope="col">金额</th>
          <th scope="col">状态</th>
          <th scope="col">开具时间 / 发票号码</th>
          <th scope="col">电子发票</th>
        </tr>
      </thead>
      <tbody>
        {data.invoices.map((invoice) => (
          <InvoiceRow key={invoice.orderNo} invoice={invoice} />
        ))}
      </tbody>
    </table>
  );
}
