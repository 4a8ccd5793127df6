import { useEffect, useState } from 'react';
import { shellLimits } from '../../contract/shell.ts';
import { Icon } from './icons.tsx';
import { useScrolledPast } from './use-scrolled-past.ts';

/**
 * Appears from 600 px of scroll (spec §9). After a click it stays until the page is back at
 * the top: hiding it under the pointer mid-way makes Chromium abandon the smooth scroll.
 */
export function BackToTop() {
  const isPast = useScrolledPast(shellLimits.backToTopScrollY);
  const [isReturning, setIsReturning] = useState(false);

  useEffect(() => {
    if (!isReturning) return;
    const onScroll = () => {
      if (window.scrollY <= 0) setIsReturning(false);
    };
    // A scroll the visitor interrupts must not keep the button forever.
    const giveUp = setTimeout(() => setIsReturning(false), 2000);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(giveUp);
      window.removeEventListener('scroll', onScroll);
    };
  }, [isReturning]);

  const isVisible = isPast || isReturning;
  return (
    <button
      type="button"
      className={`sidebar__top${isVisible ? ' sidebar__top--visible' : ''}`}
      data-testid="back-to-top"
      aria-label="返回顶部"
      aria-hidden={!isVisible}
      tabIndex={isVisible ? 0 : -1}
      onClick={() => {
        setIsReturning(true);
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    >
      <Icon name="top" size={20} />
      <span className="sidebar__label">顶部</span>
    </button>
  );
}
