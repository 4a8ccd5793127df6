/** A brief centred message (spec §4): removed after its duration, default 2000 ms, stacking level 120. */
export const toastDefaults = { durationMs: 2000, zIndex: 120, message: '提示信息' } as const;

export function showToast(message: string = toastDefaults.message, options: { durationMs?: number; zIndex?: number } = {}): HTMLElement {
  const element = document.createElement('div');
  element.className = 'toast';
  element.setAttribute('role', 'status');
  element.textContent = message;
  element.style.zIndex = String(options.zIndex ?? toastDefaults.zIndex);
  document.body.appendChild(element);
  window.setTimeout(() => element.remove(), options.durationMs ?? toastDefaults.durationMs);
  return element;
}

/** Callers toast a server message only when it says something (spec §5: empty messages are not toasted). */
export function toastIfMessage(message: string): void {
  if (message.trim()) showToast(message);
}
