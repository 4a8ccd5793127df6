import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab on the dialog's own controls (the browser would otherwise step out to its own chrome). */
export function trapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector)).filter((element) => element.offsetParent !== null);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export interface ModalDialogProps {
  isOpen: boolean;
  /** Escape, the close button, a tap on the backdrop: the owner sets isOpen false. */
  onClose: () => void;
  /** The id of the dialog's visible title, or, for a dialog without one, `label`. */
  labelledBy?: string;
  label?: string;
  className?: string;
  /** Whether a click on the backdrop (outside the dialog's content) closes it. */
  closesOnBackdrop?: boolean;
  testId?: string;
  children: ReactNode;
}

/**
 * The shared modal (docs/areas/accessibility.md, "Keyboard and ARIA patterns"): the browser's <dialog>
 * opened with showModal(), so the page beneath is inert, focus moves to the first control and
 * Escape cancels; Tab is kept inside, and closing gives the focus back to the element that had it.
 * The server renders it open (`isOpen` at first render) so a pop-up shown on load is visible
 * before the scripts; hydration then makes it modal.
 */
export function ModalDialog({ isOpen, onClose, labelledBy, label, className, closesOnBackdrop = false, testId, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // Only the first render's value: React then leaves the attribute alone, showModal() and close() own it.
  const [isOpenAtFirstRender] = useState(isOpen);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.matches(':modal')) {
      opener.current = document.activeElement;
      // Shown open by the server: hidden without a close event (which would tell the owner it closed), then made modal.
      if (dialog.open) dialog.removeAttribute('open');
      dialog.showModal();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);
  useEffect(
    () => () => {
      // Unmounted while open (the owner stops rendering it): the focus still goes back.
      if (opener.current instanceof HTMLElement && opener.current.isConnected && !document.activeElement?.closest('dialog')) opener.current.focus();
    },
    [],
  );
  return (
    <dialog
      ref={ref}
      className={className}
      open={isOpenAtFirstRender || undefined}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      data-testid={testId}
      onKeyDown={trapTab}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        if (event.currentTarget.open) return;
        if (isOpen) onClose();
        const element = opener.current;
        opener.current = null;
        if (element instanceof HTMLElement && element.isConnected) element.focus();
      }}
      onClick={(event) => {
        if (closesOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
