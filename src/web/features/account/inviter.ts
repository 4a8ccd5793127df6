import { useEffect, useSyncExternalStore } from 'react';
import { getStored, setStored } from '../../lib/storage.ts';

/** Spec §4: a non-empty inviter in the page query is kept in local storage under "inviter". */
export const inviterStorageKey = 'inviter';

function storedInviter(): string {
  const stored = getStored(inviterStorageKey);
  return typeof stored === 'string' ? stored : '';
}

/** The inviter to register with: the page's own query wins and is remembered, else the stored one. */
export function rememberInviter(fromQuery: string): string {
  if (fromQuery) {
    setStored(inviterStorageKey, fromQuery);
    return fromQuery;
  }
  return storedInviter();
}

const subscribeToNothing = () => () => undefined;

/**
 * rememberInviter for a page: the query's inviter is stored after hydration; the stored one is
 * read only in the browser (the server renders the query's, or none).
 */
export function useInviter(fromQuery: string): string {
  useEffect(() => {
    if (fromQuery) setStored(inviterStorageKey, fromQuery);
  }, [fromQuery]);
  const stored = useSyncExternalStore(subscribeToNothing, storedInviter, () => '');
  return fromQuery || stored;
}
