import { useEffect, useId, useRef } from 'react';

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

/** A modal question (the browser's own <dialog>: focus kept inside, Esc closes) with a confirm and a cancel button. */
export function ConfirmDialog({ isOpen, title, message, confirmLabel, cancelLabel = '再想想', isBusy = false, onConfirm, onClose }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A page may hold several (取消订单 and 确认收货): each names itself by its own title.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog ref={ref} className="confirm-dialog" aria-labelledby={titleId} onClose={onClose}>
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
    </dialog>
  );
}
