import { useEffect, useState } from 'react';

/**
 * The browser's clock, ticking every second while `isActive`. It is null on the server and in the
 * first render after hydration, so the server's HTML and the hydrated page agree; the timers set it.
 */
export function useNow(isActive: boolean): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!isActive) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [isActive]);
  return now;
}
