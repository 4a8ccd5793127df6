import { usePageId } from '../../lib/page-ids.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';

interface ListConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before something that cannot be undone (deleting a list). */
export function ListConfirmDialog({ isOpen, title, message, confirmLabel, isBusy, onConfirm, onClose }: ListConfirmDialogProps) {
  const titleId = usePageId();
  return (
    <ModalDialog isOpen={isOpen} onClose={onClose} className="list-dialog" labelledBy={titleId}>
      <h2 id={titleId} className="list-dialog__title">
        {title}
      </h2>
      <p className="list-dialog__message">{message}</p>
      <div className="list-dialog__actions">
        <button type="button" className="button" onClick={onClose} disabled={isBusy}>
          取消
        </button>
        <button type="button" className="button button--accent" onClick={onConfirm} disabled={isBusy}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
