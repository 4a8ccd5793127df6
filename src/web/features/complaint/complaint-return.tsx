import { useState } from 'react';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import { complaintLimits, returnCarrierNames, type ComplaintDetail } from '../../../contract/complaint.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { usePageId } from '../../lib/page-ids.tsx';
import { showToast } from '../../ui/toast.ts';

/** 退货与退款: what staff authorised (RMA number, address, due date), the member's parcel, and the refund or replacement. */
export function ComplaintProgress({ complaint }: { complaint: ComplaintDetail }) {
  const a = complaint.aftersales;
  if (a.rmaNo === null && a.refundNo === null && a.replaceCarrierName === null) return null;
  return (
    <section className="complaint-return" aria-labelledby="complaint-return-title" data-testid="complaint-aftersales">
      <h2 id="complaint-return-title" className="complaint-detail__subtitle">
        退货与退款
      </h2>
      <dl className="complaint-detail__facts">
        {a.rmaNo !== null && (
          <>
            <dt>退货单号</dt>
            <dd className="complaint-return__rma">{a.rmaNo}</dd>
            <dt>退货地址</dt>
            <dd>{a.returnAddress}</dd>
            <dt>退货数量</dt>
            <dd>{a.returnQuantity}个</dd>
          </>
        )}
        {a.returnDueStr !== null && (
          <>
            <dt>寄回期限</dt>
            <dd>请于 {a.returnDueStr.slice(0, 10)} 前寄出，逾期投诉将自动关闭</dd>
          </>
        )}
        {a.returnTrackingNo !== null && (
          <>
            <dt>退货快递</dt>
            <dd>
              {a.returnCarrierName} {a.returnTrackingNo}（{a.returnShippedAtStr?.slice(0, 16)} 寄出）
            </dd>
          </>
        )}
        {a.goodsReceivedAtStr !== null && (
          <>
            <dt>仓库收货</dt>
            <dd>{a.goodsReceivedAtStr.slice(0, 16)}</dd>
          </>
        )}
        {a.refundNo !== null && (
          <>
            <dt>退款</dt>
            <dd data-testid="complaint-refund">
              {formatCents(a.refundCents ?? 0)}（{a.refundStatusLabel}，退款单号 {a.refundNo}）
            </dd>
          </>
        )}
        {a.replaceCarrierName !== null && (
          <>
            <dt>换货</dt>
            <dd>
              {a.replaceCarrierName}
              {a.replaceTrackingNo ? ` ${a.replaceTrackingNo}` : ''}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** 寄回商品: the member enters the carrier and tracking number of the parcel sent back. */
export function ShipReturnForm({ complaint, onChange }: { complaint: ComplaintDetail; onChange: (next: ComplaintDetail) => void }) {
  const carrierId = usePageId();
  const trackingId = usePageId();
  const [carrierName, setCarrierName] = useState<string>(returnCarrierNames[0]);
  const [trackingNo, setTrackingNo] = useState('');
  const [problem, setProblem] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function submit() {
    if (trackingNo.trim().length < 4) {
      setProblem('请填写退货快递单号');
      return;
    }
    setIsBusy(true);
    try {
      onChange(await callApi(complaintCalls.shipReturn, { id: complaint.id, from: complaint.status, carrierName, trackingNo: trackingNo.trim() }));
      showToast('退货快递已登记');
      setProblem('');
    } catch (error) {
      const message = errorMessageOf(error) || '操作失败，请稍后重试';
      setProblem(message);
      showToast(message);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form
      className="complaint-form complaint-ship-return"
      aria-label="填写退货快递"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="complaint-form__title">填写退货快递</h2>
      <p className="complaint-ship-return__hint">请将商品寄到上方退货地址，包裹内注明退货单号，寄出后填写快递单号。</p>
      <div className="complaint-form__row">
        <label className="complaint-form__label" htmlFor={carrierId}>
          快递公司
        </label>
        <select id={carrierId} className="complaint-form__select" value={carrierName} onChange={(event) => setCarrierName(event.target.value)}>
          {returnCarrierNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="complaint-form__row">
        <label className="complaint-form__label" htmlFor={trackingId}>
          快递单号
        </label>
        <input
          id={trackingId}
          className="complaint-form__select"
          value={trackingNo}
          maxLength={complaintLimits.trackingNoMax}
          autoComplete="off"
          onChange={(event) => setTrackingNo(event.target.value)}
        />
      </div>
      {problem ? (
        <p className="complaint-form__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="complaint-form__actions">
        <button type="submit" className="button button--primary" disabled={isBusy}>
          提交退货快递
        </button>
      </div>
    </form>
  );
}
