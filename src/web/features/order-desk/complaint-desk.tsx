import { useState } from 'react';
import { adminOrderDetailPath, orderDeskMessages as m, type AdminComplaintDetail } from '../../../contract/console/orders.ts';
import { adminComplaintCalls } from '../../../contract/console/orders-calls.ts';
import { complaintLifecycle } from '../../../contract/complaint-lifecycle.ts';
import { ActorKind, allowedEvents, type Actor } from '../../../contract/lifecycle.ts';
import type { Carrier } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import { useStaffCan } from '../staff/staff-can.tsx';
import { ComplaintSteps, onSubmit } from './complaint-desk-steps.tsx';
import { useDeskAction } from './use-desk-action.ts';

const doneMessages = {
  [adminComplaintCalls.reply.path]: m.replied,
  [adminComplaintCalls.transition.path]: m.statusChanged,
  [adminComplaintCalls.authoriseReturn.path]: m.returnAuthorised,
  [adminComplaintCalls.receiveGoods.path]: m.goodsReceived,
  [adminComplaintCalls.replace.path]: m.replaced,
  [adminComplaintCalls.refund.path]: m.complaintRefunded,
};

/** The complaint's facts: its order, member, part, problem, and the return, refund and replacement so far. */
function ComplaintFacts({ complaint }: { complaint: AdminComplaintDetail }) {
  const a = complaint.aftersales;
  return (
    <dl className="desk-facts">
      <dt>订单</dt>
      <dd>
        <a href={adminOrderDetailPath(complaint.orderNo)}>{complaint.orderNo}</a>（{complaint.orderStatusLabel}，可退{' '}
        {formatCents(complaint.orderRefundableCents)}）
      </dd>
      <dt>会员手机</dt>
      <dd>{complaint.memberPhone}</dd>
      <dt>商品</dt>
      <dd>
        {complaint.productCode} {complaint.productName} ×{complaint.quantity}（{formatCents(complaint.lineAmountCents)}）
      </dd>
      <dt>问题类型</dt>
      <dd>{complaint.typeLabel}</dd>
      <dt>问题描述</dt>
      <dd>{complaint.description}</dd>
      {a.rmaNo !== null && (
        <>
          <dt>退货</dt>
          <dd>
            {a.rmaNo}，{a.returnQuantity}个，寄至 {a.returnAddress}
            {a.returnDueStr !== null && `（${a.returnDueStr.slice(0, 10)} 前寄出）`}
          </dd>
        </>
      )}
      {a.returnTrackingNo !== null && (
        <>
          <dt>退货快递</dt>
          <dd>
            {a.returnCarrierName} {a.returnTrackingNo}（{a.returnShippedAtStr}）
          </dd>
        </>
      )}
      {a.goodsReceivedAtStr !== null && (
        <>
          <dt>收到退货</dt>
          <dd>{a.goodsReceivedAtStr}</dd>
        </>
      )}
      {a.refundNo !== null && (
        <>
          <dt>退款</dt>
          <dd className={complaint.facts.isRefundFailed ? 'desk-notice--error' : undefined} data-testid="complaint-desk-refund">
            {formatCents(a.refundCents ?? 0)}，{a.refundStatusLabel}，退款单号 {a.refundNo}
          </dd>
        </>
      )}
      {a.replaceCarrierName !== null && (
        <>
          <dt>换货</dt>
          <dd>
            {a.replaceCarrierName} {a.replaceTrackingNo ?? ''}
          </dd>
        </>
      )}
    </dl>
  );
}

/** The member's photos and the thread of replies. */
function ComplaintThread({ complaint }: { complaint: AdminComplaintDetail }) {
  return (
    <>
      {complaint.photos.length > 0 && (
        <div className="desk-photos">
          {complaint.photos.map((photo) => (
            <a key={photo.key} href={photo.url} target="_blank" rel="noreferrer">
              <img src={photo.url} alt="投诉图片" width={96} height={96} loading="lazy" decoding="async" />
            </a>
          ))}
        </div>
      )}
      <h3>沟通记录</h3>
      <div className="desk-thread" data-testid="complaint-thread">
        {complaint.replies.length === 0 && <p>暂无回复</p>}
        {complaint.replies.map((item) => (
          <div key={item.id} className={item.author === 'staff' ? 'desk-thread__item desk-thread__item--staff' : 'desk-thread__item'}>
            <div className="desk-thread__meta">
              {item.author === 'staff' ? `客服 ${item.staffName}` : '会员'} · {item.atStr}
            </div>
            {item.text}
          </div>
        ))}
      </div>
    </>
  );
}

type DeskRun = ReturnType<typeof useDeskAction<AdminComplaintDetail>>['run'];

/** 回复会员: the text is cleared once the reply is sent. */
function ReplyForm({ complaintId, isBusy, run }: { complaintId: number; isBusy: boolean; run: DeskRun }) {
  const [reply, setReply] = useState('');
  return (
    <form
      className="desk-form"
      onSubmit={onSubmit(() => void run(adminComplaintCalls.reply, { id: complaintId, text: reply }).then((isDone) => isDone && setReply('')))}
    >
      <label>
        回复会员
        <textarea name="reply" maxLength={500} rows={3} value={reply} onChange={(event) => setReply(event.target.value)} />
      </label>
      <button className="admin-button" disabled={isBusy}>
        发送回复
      </button>
    </form>
  );
}

/**
 * One complaint: the member's description, photos and thread, its return and refund so far; reply,
 * and the buttons of the events the lifecycle allows this staff member's role now (allowedEvents
 * with the role's ability), each sent with the status shown so a colleague's change is not overwritten.
 */
export function ComplaintDesk({ initial, carriers, staff }: { initial: AdminComplaintDetail; carriers: readonly Carrier[]; staff: StaffIdentity }) {
  const desk = useDeskAction(initial, doneMessages);
  const { record: complaint, notice, isBusy, run } = desk;
  const can = useStaffCan(staff);
  const actor: Actor = { kind: ActorKind.staff, can: (action, subject) => can({ action, subject }) };
  const events = allowedEvents(complaintLifecycle, complaint.facts, actor);
  // What the state allows someone: a step this role may not take is named, not silently missing.
  const anyone: Actor = { kind: ActorKind.staff, can: () => true };
  const isRefundForOthers = !events.includes('refund') && allowedEvents(complaintLifecycle, complaint.facts, anyone).includes('refund');
  const mayUpdate = can({ action: 'update', subject: 'Complaint' });
  return (
    <section className="admin-card desk-section" data-testid="complaint-detail">
      <h2>
        投诉 {complaint.complaintNo}（<span data-testid="complaint-desk-status">{complaint.statusLabel}</span>）
      </h2>
      {notice && (
        <p className={notice.isError ? 'desk-notice desk-notice--error' : 'desk-notice'} role="status">
          {notice.text}
        </p>
      )}
      <ComplaintFacts complaint={complaint} />
      <ComplaintThread complaint={complaint} />
      {mayUpdate && complaint.status !== 'closed' && <ReplyForm complaintId={complaint.id} isBusy={isBusy} run={run} />}
      <ComplaintSteps complaint={complaint} events={events} carriers={carriers} isBusy={isBusy} run={run} />
      {isRefundForOthers && (
        <p className="desk-form__hint" data-testid="complaint-refund-hint">
          退款须由有退款权限的同事（财务）在此办理。
        </p>
      )}
    </section>
  );
}
