import type { Visitor } from './session.ts';

/**
 * A read that several parts of one page ask for (its loader and its shell, or the page cache's
 * variant and the shell), made once per request: the answer is kept with the request's Visitor
 * object, which every request gets anew (http/session.ts) and which goes with the request.
 */
export type VisitorMemo<Value> = (visitor: Visitor, load: () => Promise<Value>) => Promise<Value>;

export function createVisitorMemo<Value>(): VisitorMemo<Value> {
  const loaded = new WeakMap<Visitor, Promise<Value>>();
  return (visitor, load) => {
    const kept = loaded.get(visitor);
    if (kept) return kept;
    const loading = load();
    loaded.set(visitor, loading);
    return loading;
  };
}
