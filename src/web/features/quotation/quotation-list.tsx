import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { quotationStatuses, quotationStatusLabels, type QuotationDetail, type QuotationListData } from '../../../contract/quotation.ts';
import { orderDetailPath } from '../../../contract/order.ts';
import { quotationListUrl } from './quotation-urls.ts';

/** 全部 / 待报价 / 已报价 / … with counts, as links (the tab lives in the URL). */
export function QuotationTabs({ list }: { list: QuotationListData }) {
  const all = quotationStatuses.reduce((sum, status) => sum + list.counts[status], 0);
  const tabs = [
    { status: null, label: '全部', count: all },
    ...quotationStatuses.map((status) => ({ status, label: quotationStatusLabels[status], count: list.counts[status] })),
  ];
  return (
    <nav className="quotation-tabs" aria-label="询价状态">
      {tabs.map((tab) => (
        <a
          key={tab.label}
          href={quotationListUrl({ status: tab.status })}
          className={tab.status === list.status ? 'quotation-tabs__tab quotation-tabs__tab--active' : 'quotation-tabs__tab'}
          aria-current={tab.status === list.status ? 'page' : undefined}
        >
          {tab.label}
          <span className="quotation-tabs__count">{tab.count}</span>
        </a>
      ))}
    </nav>
  );
}

function QuotationLines({ quotation }: { quotation: QuotationDetail }) {
  return (
    <table className="quotation-lines">
      <thead>
        <tr>
          <th scope="col">序号</th>
          <th scope="col">询价型号</th>
          <th scope="col">品牌 / 封装</th>
          <th scope="col">需求数量</th>
          <th scope="col">报价型号</th>
          <th scope="col">报价数量</th>
          <th scope="col">单价</th>
          <th scope="col">小计</th>
          <th scope="col">交期</th>
        </tr>
      </thead>
      <tbody>
        {quotation.lines.map((line) => (
          <tr key={line.id} data-testid="quotation-line">
            <td>{line.lineNo}</td>
            <td>
              {line.partNumber}
              {line.remark ? <span className="quotation-lines__remark">{line.remark}</span> : null}
            </td>
            <td>{[line.brand, line.package].filter(Boolean).join(' / ') || '—'}</td>
            <td>{line.quantity}</td>
            <td>{line.offer ? `${line.offer.productCode} ${line.offer.brandName}` : '—'}</td>
            <td>{line.offer ? line.offer.quantity : '—'}</td>
            <td>{line.offer ? formatUnitPriceE4(line.offer.unitPriceE4) : '—'}</td>
            <td data-testid="quotation-line-amount">{line.offer ? formatCents(line.offer.amountCents) : '—'}</td>
            <td>{line.offer && line.offer.leadTime !== '' ? line.offer.leadTime : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface QuotationCardProps {
  quotation: QuotationDetail;
  isBusy: boolean;
  isLocked: boolean;
  onAccept: (quotationId: number) => void;
  onCancel: (quotationId: number) => void;
}

/** One request: its number and status, its lines with the offer, the validity date, the total and what may be done. */
export function QuotationCard({ quotation, isBusy, isLocked, onAccept, onCancel }: QuotationCardProps) {
  return (
    <article className="quotation-card" data-testid="quotation-card" aria-labelledby={`quotation-${String(quotation.id)}`}>
      <header className="quotation-card__head">
        <h2 id={`quotation-${String(quotation.id)}`} className="quotation-card__no">
          询价单 {quotation.quotationNo}
        </h2>
        <span className="quotation-card__date">提交时间 {quotation.createdAtStr}</span>
        <span className={`quotation-status quotation-status--${quotation.status}`} data-testid="quotation-status">
          {quotation.statusLabel}
        </span>
      </header>
      <QuotationLines quotation={quotation} />
      {quotation.note ? <p className="quotation-card__note">备注：{quotation.note}</p> : null}
      {quotation.staffNote ? <p className="quotation-card__note">报价说明：{quotation.staffNote}</p> : null}
      {quotation.closeReason ? <p className="quotation-card__note">关闭原因：{quotation.closeReason}</p> : null}
      <footer className="quotation-card__foot">
        <span className="quotation-card__valid">
          {quotation.validUntilStr ? `报价有效期至 ${quotation.validUntilStr}` : quotation.status === 'closed' ? '已关闭' : '等待报价（1 个工作日内）'}
        </span>
        {quotation.totalCents !== null ? (
          <span className="quotation-card__total">
            报价合计：<strong data-testid="quotation-total">{formatCents(quotation.totalCents)}</strong>
          </span>
        ) : null}
        {quotation.orderNo ? <a href={orderDetailPath(quotation.orderNo)}>查看订单 {quotation.orderNo}</a> : null}
        <span className="quotation-card__actions">
          {quotation.allowedEvents.includes('accept') || quotation.allowedEvents.includes('order') ? (
            <button type="button" className="button button--accent" disabled={isLocked} aria-busy={isBusy} onClick={() => onAccept(quotation.id)}>
              {quotation.allowedEvents.includes('accept') ? '接受报价' : '去结算'}
            </button>
          ) : null}
          {quotation.allowedEvents.includes('cancel') ? (
            <button type="button" className="button" disabled={isLocked} onClick={() => onCancel(quotation.id)}>
              取消
            </button>
          ) : null}
        </span>
      </footer>
    </article>
  );
}
