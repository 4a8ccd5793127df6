import { useState } from 'react';
import { defaultListName, type PurchaseListCreated, type PurchaseListOrigin } from '../../../contract/purchase-list.ts';
import { purchaseListCalls } from '../../../contract/purchase-list-calls.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';

/** The save dialog: its name (proposed on opening), saving, and the list it made. */
export function useSaveAsList(origin: PurchaseListOrigin, sourceName: string) {
  const [isOpen, setIsOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [created, setCreated] = useState<PurchaseListCreated | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  function open() {
    setName(defaultListName(origin, sourceName, formatBeijingDate(Date.now())));
    setError('');
    setCreated(null);
    setIsOpen(true);
  }

  async function save() {
    if (name.trim() === '') {
      setError('请输入清单名称');
      return;
    }
    setIsBusy(true);
    try {
      setCreated(await callApi(purchaseListCalls.create, { name, origin }));
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setIsBusy(false);
    }
  }

  return { isOpen, open, close: () => setIsOpen(false), name, setName, error, created, isBusy, save };
}
