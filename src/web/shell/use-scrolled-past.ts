import { useEffect, useState } from 'react';
import { shellLimits } from '../../contract/shell.ts';
import { throttle } from './throttle.ts';

/** Whether the page is scrolled at least `threshold` px, checked at most every 50 ms (spec §9). */
export function useScrolledPast(threshold: number): boolean {
  const [isPast, setIsPast] = useState(false);
  useEffect(() => {
    const check = throttle(() => setIsPast(window.scrollY >= threshold), shellLimits.scrollThrottleMs);
    // The first look waits until the hydrated page has been laid out and painted: read during
    // hydration, scrollY forces a layout of the whole page (Lighthouse's forced-reflow finding).
    let waiting = 0;
    const frame = requestAnimationFrame(() => {
      waiting = window.setTimeout(check, 0);
    });
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(waiting);
      window.removeEventListener('scroll', check);
      check.cancel();
    };
  }, [threshold]);
  return isPast;
}
