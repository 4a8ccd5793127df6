import { useState } from 'react';
import { quotationDeskPaths, type QuotationDeskDetail, type QuotationDeskLine, type QuotationDetailPageData } from '../../../contract/console/quotation.ts';
import type { BomCandidate } from '../../../contract/bom.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { LineDraft } from '../../features/quotation-desk/use-offer-draft.ts';
import { useCloseQuotation, useOfferForm, usePartLookup, type OfferForm } from '../../features/quotation-desk/use-offer-form.ts';
import type { PageProps } from '../../pages/page-props.ts';

function partLabel(product: BomCandidate): string {
  return `${product.code}（${product.brandName}${product.package ? ` · ${product.package}` : ''}，库存 ${String(product.stock)}）`;
}

/** Staff look a code up (a substitute) and pick one of the parts found. */
function PartLookup({ line, onChoose }: { line: QuotationDeskLine; onChoose: (product: BomCandidate) => void }) {
  const { code, setCode, found, error, lookUp } = usePartLookup(line, onChoose);
  return (
    <div className="quotation-desk__lookup">
      <input
        value={code}
        maxLength={100}
        placeholder="替代型号"
        aria-label={`第${String(line.lineNo)}行替代型号`}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="button" className="admin-button desk-button--secondary" onClick={() => void lookUp()} disabled={code.trim() === ''}>
        查找
      </button>
      {found?.length === 0 && <span className="quotation-desk__hint">未找到该型号</span>}
      {found && found.length > 1 && (
        <select
          aria-label="查找结果"
          onChange={(event) => {
            const part = found.find((candidate) => String(candidate.productId) === event.target.value);
            if (part) onChoose(part);
          }}
        >
          {found.map((part) => (
            <option key={part.productId} value={part.productId}>
              {partLabel(part)}
            </option>
          ))}
        </select>
      )}
      {error && <span className="admin-notice">{error}</span>}
    </div>
  );
}

interface LineProps {
  line: QuotationDeskLine;
  draft: LineDraft;
  onChange: (patch: Partial<LineDraft>) => void;
  onChoose: (product: BomCandidate) => void;
}

/** 报价商品: the catalogue's matches, the substitutes and the part chosen by lookup, and the lookup itself. */
function ProductChoice({ line, draft, onChoose }: Omit<LineProps, 'onChange'>) {
  const choices = [
    ...line.candidates,
    ...line.substitutes,
    ...(draft.product && ![...line.candidates, ...line.substitutes].some((part) => part.productId === draft.product?.productId) ? [draft.product] : []),
  ];
  return (
    <td>
      {choices.length > 0 && (
        <select
          aria-label={`第${String(line.lineNo)}行报价商品`}
          value={draft.product ? String(draft.product.productId) : ''}
          onChange={(event) => {
            const part = choices.find((candidate) => String(candidate.productId) === event.target.value);
            if (part) onChoose(part);
          }}
        >
          {!draft.product && <option value="">请选择</option>}
          {choices.map((part) => (
            <option key={part.productId} value={part.productId}>
              {line.substitutes.includes(part as never) ? '替代：' : ''}
              {partLabel(part)}
            </option>
          ))}
        </select>
      )}
      <PartLookup line={line} onChoose={onChoose} />
    </td>
  );
}

/** 报价数量, 单价 and 交期 of one line. */
function OfferInputs({ line, draft, onChange }: Omit<LineProps, 'onChoose'>) {
  return (
    <>
      <td>
        <input
          className="quotation-desk__narrow"
          inputMode="numeric"
          aria-label={`第${String(line.lineNo)}行数量`}
          value={draft.quantityText}
          onChange={(event) => onChange({ quantityText: event.target.value })}
        />
      </td>
      <td>
        <input
          className="quotation-desk__narrow"
          inputMode="decimal"
          aria-label={`第${String(line.lineNo)}行单价`}
          placeholder="元"
          value={draft.unitPriceText}
          onChange={(event) => onChange({ unitPriceText: event.target.value })}
        />
      </td>
      <td>
        <input
          className="quotation-desk__narrow"
          maxLength={20}
          aria-label={`第${String(line.lineNo)}行交期`}
          placeholder="现货 / 2-3周"
          value={draft.leadTime}
          onChange={(event) => onChange({ leadTime: event.target.value })}
        />
      </td>
    </>
  );
}

function OfferLineRow({ line, draft, onChange, onChoose }: LineProps) {
  return (
    <tr data-testid={`offer-line-${String(line.lineNo)}`}>
      <td>
        <input
          type="checkbox"
          checked={draft.isIncluded}
          aria-label={`报价第${String(line.lineNo)}行`}
          onChange={(event) => onChange({ isIncluded: event.target.checked })}
        />
      </td>
      <td>{line.lineNo}</td>
      <td>
        <strong>{line.partNumber}</strong>
        <div className="quotation-desk__hint">{[line.brand, line.package, line.remark].filter((text) => text !== '').join(' · ')}</div>
      </td>
      <td>{line.quantity}</td>
      <td>
        {line.isMatched ? (
          <span className="admin-status admin-status--quoted">已匹配</span>
        ) : (
          <span className="admin-status admin-status--pending">未匹配</span>
        )}
      </td>
      <ProductChoice line={line} draft={draft} onChoose={onChoose} />
      <OfferInputs line={line} draft={draft} onChange={onChange} />
    </tr>
  );
}

function OfferLinesTable({ detail, form }: { detail: QuotationDeskDetail; form: OfferForm }) {
  return (
    <div className="admin-scroll">
      <table className="admin-table quotation-desk__lines">
        <thead>
          <tr>
            <th>报价</th>
            <th>行</th>
            <th>询价型号</th>
            <th>数量</th>
            <th>目录匹配</th>
            <th>报价商品（匹配或替代型号）</th>
            <th>报价数量</th>
            <th>单价（元）</th>
            <th>交期</th>
          </tr>
        </thead>
        <tbody>
          {detail.lines.map((line) => {
            const draft = form.drafts.find((candidate) => candidate.lineId === line.id);
            return draft ? (
              <OfferLineRow
                key={line.id}
                line={line}
                draft={draft}
                onChange={(patch) => form.change(line.id, patch)}
                onChoose={(product) => form.choose(line, product)}
              />
            ) : null;
          })}
        </tbody>
      </table>
    </div>
  );
}

function OfferForm({
  detail,
  defaultValidDate,
  isRequote,
  onSent,
}: {
  detail: QuotationDeskDetail;
  defaultValidDate: string;
  /** 重新报价 of an offer quoted, accepted or expired, starting from the current offer. */
  isRequote: boolean;
  onSent: (next: QuotationDeskDetail, msg: string) => void;
}) {
  const form = useOfferForm(detail, defaultValidDate, isRequote, onSent);
  return (
    <section className="admin-card" aria-label={isRequote ? '重新报价' : '报价'}>
      <h2>{isRequote ? '重新报价' : '报价'}</h2>
      {isRequote ? <p className="quotation-desk__hint">新的单价、数量、交期与有效期将取代当前报价；会员已接受的，须重新接受。</p> : null}
      <OfferLinesTable detail={detail} form={form} />
      <div className="admin-create">
        <label>
          报价有效期至 <input type="date" value={form.validDate} aria-label="报价有效期至" onChange={(event) => form.setValidDate(event.target.value)} />
        </label>
        <input
          value={form.staffNote}
          maxLength={500}
          placeholder="备注（如：含税价）"
          aria-label="报价备注"
          onChange={(event) => form.setStaffNote(event.target.value)}
        />
        <StaffCan action="update" subject="Quotation">
          <button type="button" className="admin-button" disabled={form.isSending} onClick={() => void form.send()}>
            {isRequote ? '发送新报价' : '发送报价'}
          </button>
        </StaffCan>
      </div>
      <p className="admin-notice" role="alert">
        {form.error}
      </p>
    </section>
  );
}

function CloseForm({ detail, onClosed }: { detail: QuotationDeskDetail; onClosed: (next: QuotationDeskDetail, msg: string) => void }) {
  const { reason, setReason, error, close } = useCloseQuotation(detail, onClosed);
  return (
    <StaffCan action="update" subject="Quotation">
      <section className="admin-card">
        <h2>{detail.status === 'pending' ? '拒绝询价' : '关闭报价'}</h2>
        <div className="admin-create">
          <input value={reason} maxLength={200} placeholder="原因（会员可见）" aria-label="关闭原因" onChange={(event) => setReason(event.target.value)} />
          <button type="button" className="admin-button desk-button--secondary" disabled={reason.trim() === ''} onClick={() => void close()}>
            关闭询价单
          </button>
        </div>
        <p className="admin-notice" role="alert">
          {error}
        </p>
      </section>
    </StaffCan>
  );
}

function OfferedLines({ detail }: { detail: QuotationDeskDetail }) {
  return (
    <section className="admin-card">
      <h2>物料</h2>
      <div className="admin-scroll">
        <table className="admin-table">
          <thead>
            <tr>
              <th>行</th>
              <th>询价型号</th>
              <th>数量</th>
              <th>报价商品</th>
              <th>报价数量</th>
              <th>单价</th>
              <th>小计</th>
              <th>交期</th>
            </tr>
          </thead>
          <tbody>
            {detail.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.lineNo}</td>
                <td>{line.partNumber}</td>
                <td>{line.quantity}</td>
                <td>{line.offer ? `${line.offer.productCode}（${line.offer.brandName}）` : '未报价'}</td>
                <td>{line.offer?.quantity ?? '—'}</td>
                <td>{line.offer ? formatUnitPriceE4(line.offer.unitPriceE4) : '—'}</td>
                <td>{line.offer ? formatCents(line.offer.amountCents) : '—'}</td>
                <td>{line.offer?.leadTime === undefined || line.offer.leadTime === '' ? '—' : line.offer.leadTime}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function QuotationFacts({ detail }: { detail: QuotationDeskDetail }) {
  return (
    <dl className="quotation-desk__facts">
      <dt>会员手机</dt>
      <dd>{detail.memberPhone}</dd>
      <dt>提交时间</dt>
      <dd>{detail.createdAtStr}</dd>
      <dt>物料</dt>
      <dd>
        {detail.lines.length} 项，未匹配 {detail.lines.filter((line) => !line.isMatched).length} 项
      </dd>
      {detail.note && (
        <>
          <dt>会员备注</dt>
          <dd>{detail.note}</dd>
        </>
      )}
      {detail.totalCents !== null && (
        <>
          <dt>报价合计</dt>
          <dd>{formatCents(detail.totalCents)}</dd>
        </>
      )}
      {detail.validUntilStr && (
        <>
          <dt>有效期至</dt>
          <dd>{detail.validUntilStr}</dd>
        </>
      )}
      {detail.orderNo && (
        <>
          <dt>订单号</dt>
          <dd>{detail.orderNo}</dd>
        </>
      )}
      {detail.closeReason && (
        <>
          <dt>关闭原因</dt>
          <dd>{detail.closeReason}</dd>
        </>
      )}
    </dl>
  );
}

/** /admin/quotations/:id: a request's lines with the catalogue's match; price the lines, send the offer, or close it with a reason. */
export function AdminQuotationDetailPage({ data }: PageProps<QuotationDetailPageData>) {
  const [detail, setDetail] = useState(data.detail);
  const [notice, setNotice] = useState('');
  function update(next: QuotationDeskDetail, msg: string) {
    setDetail(next);
    setNotice(msg);
  }
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={quotationDeskPaths.list}>
      <section className="admin-card">
        <p>
          <a href={quotationDeskPaths.list}>‹ 返回报价管理</a>
        </p>
        <h1>
          询价单 {detail.quotationNo}{' '}
          <span className={`admin-status admin-status--${detail.status}`} data-testid="quotation-status">
            {detail.statusLabel}
          </span>
        </h1>
        <QuotationFacts detail={detail} />
        <p className="admin-notice" role="status" data-testid="quotation-notice">
          {notice}
        </p>
      </section>
      {detail.canSend ? (
        <OfferForm key={`send-${String(detail.offerRevision)}`} detail={detail} defaultValidDate={data.defaultValidDate} isRequote={false} onSent={update} />
      ) : (
        <OfferedLines detail={detail} />
      )}
      {detail.canRequote && (
        <OfferForm key={`requote-${String(detail.offerRevision)}`} detail={detail} defaultValidDate={data.defaultValidDate} isRequote onSent={update} />
      )}
      {detail.canClose && <CloseForm key={`${detail.status}-${String(detail.offerRevision)}`} detail={detail} onClosed={update} />}
    </AdminLayout>
  );
}
