import { useState, useSyncExternalStore } from 'react';
import { getStored, secondsUntilMidnight, setStored } from '../../lib/storage.ts';
import { RegisterBox } from '../account/register-box.tsx';

/** Its visibility key: while it holds a value the pop-up stays hidden. */
export const quickRegisterHiddenKey = 'quickRegisterHidden';

const isMarkedHidden = () => getStored(quickRegisterHiddenKey) !== null;
/** Other tabs' changes are not followed: the marker only matters when the page loads. */
const subscribeToNothing = () => () => undefined;

/**
 * The quick-register pop-up for visitors (spec §4): shown on load unless its key holds a
 * value; closing stores a marker that expires at the next midnight, so it returns tomorrow.
 * Storage is read after hydration: the server cannot know it, so the server render and
 * hydration show nothing (the server snapshot), then the browser's storage decides.
 * A non-modal dialog: it offers, it does not take the focus or block the page; Escape inside closes it.
 */
export function QuickRegisterPopup({ inviter }: { inviter: string }) {
  const isHiddenForToday = useSyncExternalStore(subscribeToNothing, isMarkedHidden, () => true);
  const [isClosed, setIsClosed] = useState(false);
  if (isHiddenForToday || isClosed) return null;

  function close() {
    setStored(quickRegisterHiddenKey, true, secondsUntilMidnight());
    setIsClosed(true);
  }

  return (
    <div
      className="quick-register"
      role="dialog"
      aria-labelledby="quick-register-title"
      data-testid="quick-register"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="container quick-register__inner">
        <div className="quick-register__pitch">
          <strong id="quick-register-title">新人注册即送 ¥100 券包</strong>
          <span>手机号快速注册，领券后全场现货可用</span>
        </div>
        <RegisterBox inviter={inviter} layout="bar" idPrefix="popup-register" />
        <button type="button" className="quick-register__close" aria-label="关闭" onClick={close} data-testid="quick-register-close">
          ×
        </button>
      </div>
    </div>
  );
}
