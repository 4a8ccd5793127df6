import { getStored, setStored } from '../../lib/storage.ts';

/** Spec §4: a non-empty inviter in the page query is kept in local storage under "inviter". */
export const inviterStorageKey = 'inviter';

/** The inviter to register with: the page's own query wins and is remembered, else the stored one. */
export function rememberInviter(fromQuery: string): string {
  if (fromQuery) {
    setStored(inviterStorageKey, fromQuery);
    return fromQuery;
  }
  const stored = getStored(inviterStorageKey);
  return typeof stored === 'string' ? stored : '';
}
