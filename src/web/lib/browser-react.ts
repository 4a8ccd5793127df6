/**
 * What the browser build gets for `import … from 'react'` (vite.config.ts, decision 0016): Preact's
 * React API, with React's behaviour where compat differs: the hooks below, and the global hooks of
 * preact-options.ts.
 */
import { useCallback, useEffect, useInsertionEffect, useRef, useState, useSyncExternalStore as preactUseSyncExternalStore } from 'preact/compat';
import { isHydratingNow } from './preact-options.ts';

// @ts-expect-error -- preact/compat's types are `export =`, which TypeScript will not re-export with `export *`; Rollup does.
export * from 'preact/compat';
export { default } from 'preact/compat';

/** React's useEffectEvent: a stable function that always calls the latest render's callback. */
export function useEffectEvent<Args extends unknown[], Result>(callback: (...args: Args) => Result): (...args: Args) => Result {
  const latestRef = useRef(callback);
  useInsertionEffect(() => {
    latestRef.current = callback;
  });
  return useCallback((...args: Args) => latestRef.current(...args), []);
}

/**
 * React's useSyncExternalStore, getServerSnapshot included (preact/compat ignores it): while hydrating,
 * the server's value, so the markup matches, then the browser's in the next render. Preact keeps the
 * server's attributes at hydration, so a different first value would never reach the page.
 */
export function useSyncExternalStore<Snapshot>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot?: () => Snapshot,
): Snapshot {
  const [isPastHydration, setIsPastHydration] = useState(() => !isHydratingNow() || getServerSnapshot === undefined);
  useEffect(() => {
    if (!isPastHydration) setIsPastHydration(true);
  }, [isPastHydration]);
  const snapshot = preactUseSyncExternalStore(subscribe, getSnapshot);
  return isPastHydration || getServerSnapshot === undefined ? snapshot : getServerSnapshot();
}
