import { useEffect, useState } from 'react';
import { shellLimits } from '../../contract/shell.ts';
import { throttle } from './throttle.ts';

/** Whether the page is scrolled at least `threshold` px, checked at most every 50 ms (spec §9). */
export function useScrolledPast(threshold: number): boolean {
  const [isPast, setIsPast] = useState(false);
  useEffect(() => {
    const check = throttle(() => setIsPast(window.scrollY >= threshold), shellLimits.scrollThrottleMs);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      window.removeEventListener('scroll', check);
      check.cancel();
    };
  }, [threshold]);
  return isPast;
}
