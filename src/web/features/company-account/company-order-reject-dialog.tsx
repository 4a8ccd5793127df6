import { useState } from 'react';
import { approvalReasonMax } from '../../../contract/order-approval.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import type { CompanyOrdersState } from './use-company-orders.ts';

/** 驳回 asks for the reason the buyer will read (required; the server checks it again). */
export function CompanyOrderRejectDialog({ state }: { state: CompanyOrdersState }) {
  const [reason, setReason] = useState('');
  const orderNo = state.rejectingNo;
  return (
    <ModalDialog isOpen={orderNo !== null} onClose={state.closeReject} className="approval-dialog" labelledBy="approval-reject-title" testId="reject-dialog">
      <h2 id="approval-reject-title" className="approval-dialog__title">
        驳回订单 {orderNo ?? ''}
      </h2>
      <label className="approval-dialog__label" htmlFor="approval-reject-reason">
        驳回理由（将通知下单的采购）
      </label>
      <textarea
        id="approval-reject-reason"
        className="approval-dialog__reason"
        maxLength={approvalReasonMax}
        rows={3}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="approval-dialog__actions">
        <button type="button" className="button" onClick={state.closeReject} disabled={state.busyNo !== null}>
          再想想
        </button>
        <button
          type="button"
          className="button button--accent"
          disabled={state.busyNo !== null}
          onClick={() => {
            if (orderNo !== null) void state.reject(orderNo, reason);
          }}
        >
          {state.busyNo === null ? '确定驳回' : '处理中…'}
        </button>
      </div>
    </ModalDialog>
  );
}
