import { useState } from 'react';
import { purchaseListDetailPath, purchaseListMessages, type PurchaseListsData } from '../../../contract/purchase-list.ts';
import { purchaseListCalls } from '../../../contract/purchase-list-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { useBusyWork } from '../../lib/use-busy-work.ts';

/**
 * /user/purchase-list: the lists, a new empty one (then opened to add parts), renaming one in its row, deleting one after asking.
 * The phone page opens a new list at its own address (detailPathOf).
 */
export function usePurchaseLists(initial: PurchaseListsData, detailPathOf: (listId: number) => string = purchaseListDetailPath) {
  const [lists, setLists] = useState(initial.lists);
  const { isBusy, run } = useBusyWork();
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);

  const create = (name: string) =>
    run(async () => {
      if (name.trim() === '') {
        showToast(purchaseListMessages.nameEmpty);
        return;
      }
      const created = await callApi(purchaseListCalls.create, { name, origin: { kind: 'manual' } });
      window.location.assign(detailPathOf(created.listId));
    });

  const rename = (listId: number, name: string) =>
    run(async () => {
      const renamed = await callApi(purchaseListCalls.rename, { listId, name });
      setLists((current) => current.map((list) => (list.listId === listId ? renamed : list)));
      setRenamingId(null);
      showToast(purchaseListMessages.renamed);
    });

  const confirmDelete = () =>
    run(async () => {
      if (deletingId === null) return;
      const answer = await callApi(purchaseListCalls.remove, { listId: deletingId });
      setLists(answer.lists);
      setDeletingId(null);
      showToast(purchaseListMessages.deleted);
    });

  return { lists, isBusy, renamingId, setRenamingId, deletingId, setDeletingId, create, rename, confirmDelete };
}
