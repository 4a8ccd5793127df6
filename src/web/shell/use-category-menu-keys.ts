import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';

/** The next item of a list of `length`, cyclic; Home and End go to the ends. */
export function menuIndexAfter(key: string, current: number, length: number): number | null {
  if (length === 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return length - 1;
  if (key === 'ArrowDown') return current < 0 ? 0 : (current + 1) % length;
  if (key === 'ArrowUp') return current < 0 ? length - 1 : (current - 1 + length) % length;
  return null;
}

function focusIn(elements: NodeListOf<HTMLElement>, key: string, current: Element | null): boolean {
  const list = Array.from(elements);
  const next = menuIndexAfter(key, current instanceof HTMLElement ? list.indexOf(current) : -1, list.length);
  if (next === null) return false;
  list[next]?.focus();
  return true;
}
interface MenuState {
  setIsDismissed: (isDismissed: boolean) => void;
  setCollapsedGroup: (index: number | null) => void;
}

/**
 * What a key does where the focus is (the menu's title, a group's name, or a link in a group's
 * flyout); true when the key was handled. The state changes before the focus moves (flushSync), so
 * the element to focus is shown.
 */
function handleMenuKey(event: KeyboardEvent<HTMLDivElement>, { setIsDismissed, setCollapsedGroup }: MenuState): boolean {
  const root = event.currentTarget;
  const target = event.target as HTMLElement;
  const groupNames = root.querySelectorAll<HTMLElement>('[data-menu-group]');
  const flyout = target.closest<HTMLElement>('[data-menu-flyout]');
  if (target.hasAttribute('data-menu-title')) {
    if (event.key === 'ArrowDown') {
      flushSync(() => setIsDismissed(false));
      groupNames[0]?.focus();
      return true;
    }
    if (event.key === 'Escape') setIsDismissed(true);
    return event.key === 'Escape';
  }
  if (target.hasAttribute('data-menu-group')) {
    const index = Number(target.dataset.menuGroup);
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowRight') {
      flushSync(() => setCollapsedGroup(null));
      root.querySelector<HTMLElement>(`[data-menu-flyout="${index}"] a`)?.focus();
      return true;
    }
    if (event.key === 'Escape') {
      flushSync(() => setIsDismissed(true));
      root.querySelector<HTMLElement>('[data-menu-title]')?.focus();
      return true;
    }
    return focusIn(groupNames, event.key, target);
  }
  if (flyout) {
    const index = Number(flyout.dataset.menuFlyout);
    if (event.key === 'Escape' || event.key === 'ArrowLeft') {
      flushSync(() => setCollapsedGroup(index));
      groupNames[index]?.focus();
      return true;
    }
    return focusIn(flyout.querySelectorAll<HTMLElement>('a'), event.key, target);
  }
  return false;
}

/**
 * The category menu's keyboard and state: CSS opens it on hover and focus (so it works before the
 * scripts), this adds what CSS cannot: Escape closes what focus or hover keeps open (a "dismissed"
 * menu, a "collapsed" group) and the arrow keys move the focus. The state also tells
 * aria-expanded what is shown. Hovering again lifts a dismissal, so the mouse works as before.
 */
export function useCategoryMenuKeys() {
  const [isDismissed, setIsDismissed] = useState(false);
  const [collapsedGroup, setCollapsedGroup] = useState<number | null>(null);
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const [hoveredGroup, setHoveredGroup] = useState<number | null>(null);
  const [focusedGroup, setFocusedGroup] = useState<number | null>(null);

  const shownGroupOf = (index: number | null) => (index !== null && index !== collapsedGroup ? index : null);
  const shownGroup = isDismissed ? null : (shownGroupOf(hoveredGroup) ?? shownGroupOf(focusedGroup));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (handleMenuKey(event, { setIsDismissed, setCollapsedGroup })) event.preventDefault();
  };

  return {
    isDismissed,
    collapsedGroup,
    /** Whether the groups are shown (hover or focus, not dismissed): the title's aria-expanded. */
    isShown: !isDismissed && (isHovered || hasFocus),
    /** The group whose categories are shown: its name's aria-expanded. */
    shownGroup,
    rootHandlers: {
      onKeyDown,
      onMouseEnter: () => {
        setIsHovered(true);
        setIsDismissed(false);
        setCollapsedGroup(null);
      },
      onMouseLeave: () => setIsHovered(false),
      onFocus: () => setHasFocus(true),
      onBlur: (event: FocusEvent<HTMLDivElement>) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        setHasFocus(false);
        setIsDismissed(false);
        setCollapsedGroup(null);
      },
    },
    groupHandlers: (index: number) => ({
      onMouseEnter: () => {
        setHoveredGroup(index);
        if (collapsedGroup === index) setCollapsedGroup(null);
      },
      onMouseLeave: () => setHoveredGroup((current) => (current === index ? null : current)),
      onFocus: () => setFocusedGroup(index),
      onBlur: (event: FocusEvent<HTMLLIElement>) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        setFocusedGroup((current) => (current === index ? null : current));
        setCollapsedGroup((current) => (current === index ? null : current));
      },
    }),
  };
}
