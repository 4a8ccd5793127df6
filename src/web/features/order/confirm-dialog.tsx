import { usePageId } from '../../lib/page-ids.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A modal question (ModalDialog: focus kept inside, Esc closes, focus back on the opener) with a confirm and a cancel button. */
export function ConfirmDialog({ isOpen, title, message, confirmLabel, cancelLabel = '再想想', isBusy = false, onConfirm, onClose }: ConfirmDialogProps) {
  // A page may hold several (取消订单 and 确认收货): each names itself by its own title.
  const titleId = usePageId();
  return (
    <ModalDialog isOpen={isOpen} onClose={onClose} className="confirm-dialog" labelledBy={titleId}>
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <p className="confirm-dialog__message">{message}</p>
      <div className="confirm-dialog__actions">
        <button type="button" className="button" onClick={onClose} disabled={isBusy}>
          {cancelLabel}
        </button>
        <button type="button" className="button button--accent" onClick={onConfirm} disabled={isBusy}>
          {isBusy ? '处理中…' : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
