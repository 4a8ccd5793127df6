import { useState, type SyntheticEvent } from 'react';
import { adminOrderDetailPath, orderDeskMessages as m, type AdminComplaintDetail } from '../../../contract/admin-orders.ts';
import { adminComplaintCalls } from '../../../contract/admin-orders-calls.ts';
import { complaintStatusLabels, type ComplaintStatus } from '../../../contract/complaint.ts';
import type { Carrier } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import { useStaffCan } from '../staff/staff-can.tsx';
import { useDeskAction } from './use-desk-action.ts';

const doneMessages = {
  [adminComplaintCalls.reply.path]: m.replied,
  [adminComplaintCalls.setStatus.path]: m.statusChanged,
  [adminComplaintCalls.receiveGoods.path]: m.goodsReceived,
  [adminComplaintCalls.replace.path]: m.replaced,
};

function onSubmit(handler: () => void) {
  return (event: SyntheticEvent) => {
    event.preventDefault();
    handler();
  };
}

/** One complaint: the member's description, photos and thread; reply and the returned-goods steps. */
export function ComplaintDesk({ initial, carriers, staff }: { initial: AdminComplaintDetail; carriers: readonly Carrier[]; staff: StaffIdentity }) {
  const { record: complaint, notice, isBusy, run } = useDeskAction(initial, doneMessages);
  const can = useStaffCan(staff);
  const mayUpdate = can({ action: 'update', subject: 'Complaint' });
  const [reply, setReply] = useState('');
  const [note, setNote] = useState('');
  const [carrierCode, setCarrierCode] = useState(carriers.find((carrier) => !carrier.isPickup)?.code ?? '');
  const [trackingNo, setTrackingNo] = useState('');
  const isClosed = complaint.nextStatuses.length === 0;
  // Returned goods are handled while the complaint is being worked on; a resolved one is reopened first.
  const isInHand = complaint.status === 'pending' || complaint.status === 'processing';
  return (
    <section className="admin-card desk-section" data-testid="complaint-detail">
      <h2>
        投诉 {complaint.complaintNo}（{complaint.statusLabel}）
      </h2>
      {notice && (
        <p className={notice.isError ? 'desk-notice desk-notice--error' : 'desk-notice'} role="status">
          {notice.text}
        </p>
      )}
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
      </dl>
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
      {mayUpdate && !isClosed && (
        <form
          className="desk-form"
          onSubmit={onSubmit(() => void run(adminComplaintCalls.reply, { id: complaint.id, text: reply }).then((isDone) => isDone && setReply('')))}
        >
          <label>
            回复会员
            <textarea name="reply" maxLength={500} rows={3} value={reply} onChange={(event) => setReply(event.target.value)} />
          </label>
          <button className="admin-button" disabled={isBusy}>
            发送回复
          </button>
        </form>
      )}
      {mayUpdate && isInHand && (
        <>
          <form className="desk-form" onSubmit={onSubmit(() => void run(adminComplaintCalls.receiveGoods, { id: complaint.id, note }))}>
            <h3>退货处理</h3>
            <label>
              收货备注
              <input name="note" maxLength={100} value={note} onChange={(event) => setNote(event.target.value)} placeholder="如 外箱完好，数量相符" />
            </label>
            <button className="admin-button" disabled={isBusy}>
              登记收到退货
            </button>
          </form>
          <form className="desk-form" onSubmit={onSubmit(() => void run(adminComplaintCalls.replace, { id: complaint.id, carrierCode, trackingNo }))}>
            <h3>换货发出</h3>
            <label>
              快递公司
              <select value={carrierCode} onChange={(event) => setCarrierCode(event.target.value)}>
                {carriers.map((carrier) => (
                  <option key={carrier.code} value={carrier.code}>
                    {carrier.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              运单号
              <input name="replaceTrackingNo" maxLength={64} value={trackingNo} onChange={(event) => setTrackingNo(event.target.value)} />
            </label>
            <button className="admin-button" disabled={isBusy}>
              登记换货并解决
            </button>
          </form>
          <p>
            需要退款时，请财务在<a href={adminOrderDetailPath(complaint.orderNo)}>订单详情</a>中办理退款。
          </p>
        </>
      )}
      {mayUpdate && (
        <div className="desk-form">
          <h3>状态</h3>
          <div className="desk-form__buttons">
            {complaint.nextStatuses.map((status: ComplaintStatus) => (
              <button
                key={status}
                type="button"
                className="admin-button"
                disabled={isBusy}
                onClick={() => void run(adminComplaintCalls.setStatus, { id: complaint.id, status, from: complaint.status, note: '' })}
              >
                设为{complaintStatusLabels[status]}
              </button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
