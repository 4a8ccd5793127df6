import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Element ids (a label's `for`, `aria-controls`, `aria-describedby`) that come out the same from React on
 * the server and from Preact in the browser: their own useId formats differ, and hydration keeps the
 * server's attributes, so an element mounted later would point at an id the page does not have. Both
 * render a page in the same order, so one counter per page render gives each component the same id.
 */
interface IdCounter {
  take(): number;
}

function newCounter(): IdCounter {
  let next = 0;
  return { take: () => next++ };
}

const PageIdCounter = createContext<IdCounter | null>(null);
const unscopedCounter = newCounter();

/** Wraps a page's render (the server's and the browser's hydration) so that its ids count from 0. */
export function PageIds({ children }: { children: ReactNode }) {
  const [counter] = useState(newCounter);
  return <PageIdCounter value={counter}>{children}</PageIdCounter>;
}

/** This component's id for the life of its instance; use it instead of React's useId. */
export function usePageId(): string {
  const counter = useContext(PageIdCounter) ?? unscopedCounter;
  const [id] = useState(() => `pid-${counter.take()}`);
  return id;
}
