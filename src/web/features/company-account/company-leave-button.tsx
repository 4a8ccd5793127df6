import { useState } from 'react';
import { usePageId } from '../../lib/page-ids.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import type { CompanyState } from './use-company.ts';

/** 退出企业, after a question: the orders placed meanwhile stay the company's, and so do its shared lists. */
export function CompanyLeaveButton({ state }: { state: CompanyState }) {
  const [isAsking, setIsAsking] = useState(false);
  const titleId = usePageId();
  const companyName = state.data.company?.name ?? '';
  return (
    <div className="company-leave">
      <button type="button" className="link-button" disabled={state.isBusy} onClick={() => setIsAsking(true)}>
        退出企业
      </button>
      <ModalDialog isOpen={isAsking} onClose={() => setIsAsking(false)} className="company-dialog" labelledBy={titleId}>
        <h2 id={titleId} className="company-dialog__title">
          退出企业
        </h2>
        <p>确定退出“{companyName}”吗？您在企业期间的订单和企业常购清单仍属于企业，退出后恢复为个人账户。</p>
        <div className="company-dialog__actions">
          <button type="button" className="button" onClick={() => setIsAsking(false)} disabled={state.isBusy}>
            取消
          </button>
          <button type="button" className="button button--accent" disabled={state.isBusy} onClick={() => void state.leave().then(() => setIsAsking(false))}>
            退出
          </button>
        </div>
      </ModalDialog>
    </div>
  );
}
