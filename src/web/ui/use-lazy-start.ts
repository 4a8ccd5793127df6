import { useEffect, useState, type RefObject } from 'react';

/** What counts as a first touch of a lazily loaded part: its code must be there before the user's next step. */
const interactionEvents = ['pointerenter', 'pointerdown', 'focusin', 'touchstart'] as const;

/**
 * True from the moment the element comes into view or is first touched (pointer, focus, touch):
 * the signal to import() the code that drives it. Before that, and on the server, false, so the
 * hydrated markup is the server's. `isWanted` false: never (nothing to drive).
 */
export function useLazyStart(ref: RefObject<HTMLElement | null>, isWanted = true): boolean {
  const [isStarted, setIsStarted] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!isWanted || isStarted || !element) return;
    const start = () => setIsStarted(true);
    const observer =
      typeof IntersectionObserver === 'function' ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start()) : null;
    if (observer) observer.observe(element);
    else start();
    for (const type of interactionEvents) element.addEventListener(type, start, { once: true, passive: true });
    return () => {
      observer?.disconnect();
      for (const type of interactionEvents) element.removeEventListener(type, start);
    };
  }, [ref, isWanted, isStarted]);
  return isStarted;
}
