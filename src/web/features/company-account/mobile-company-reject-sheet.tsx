import { useState } from 'react';
import { approvalReasonMax } from '../../../contract/order-approval.ts';
import { usePageId } from '../../lib/page-ids.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import type { CompanyOrdersState } from './use-company-orders.ts';

/**
 * 驳回 on a phone: a bottom sheet asking for the reason the buyer will read (required; the server checks
 * it again and its refusal is toasted). Escape, 关闭 or the backdrop closes it.
 */
export function MobileCompanyRejectSheet({ state }: { state: CompanyOrdersState }) {
  const [reason, setReason] = useState('');
  const titleId = usePageId();
  const reasonId = usePageId();
  const orderNo = state.rejectingNo;
  const isBusy = state.busyNo !== null;
  return (
    <ModalDialog isOpen={orderNo !== null} onClose={state.closeReject} className="m-sheet" labelledBy={titleId} closesOnBackdrop testId="m-reject-sheet">
      <div className="m-sheet__panel">
        <div className="m-sheet__head">
          <h2 id={titleId}>驳回订单 {orderNo ?? ''}</h2>
          <button type="button" className="m-sheet__close" aria-label="关闭" onClick={state.closeReject}>
            ×
          </button>
        </div>
        <div className="m-sheet__body">
          <label className="m-company-reject__label" htmlFor={reasonId}>
            驳回理由（将通知下单的采购）
          </label>
          <textarea
            id={reasonId}
            className="mb-textarea"
            maxLength={approvalReasonMax}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <p className="mb-muted">驳回后订单将取消，库存与优惠券随之释放。</p>
        </div>
        <div className="m-sheet__actions">
          <button type="button" className="m-sheet__reset" onClick={state.closeReject} disabled={isBusy}>
            再想想
          </button>
          <button
            type="button"
            className="m-sheet__apply m-company-reject__confirm"
            disabled={isBusy}
            onClick={() => {
              if (orderNo !== null) void state.reject(orderNo, reason);
            }}
          >
            {isBusy ? '处理中…' : '确定驳回'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
