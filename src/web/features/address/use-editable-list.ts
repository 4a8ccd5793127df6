import { useState } from 'react';
import { errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

/** What the list's form is open for: a new item, one being edited, or nothing. */
export type Editing<Item> = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; item: Item };

export interface EditableList<Item> {
  items: Item[];
  editing: Editing<Item>;
  /** The item a call is running for; the list's actions wait for it. */
  busyId: number | null;
  startAdding: () => void;
  startEditing: (item: Item) => void;
  closeForm: () => void;
  /** After the form saved: the list is read again (a new default changes the others). */
  saved: () => Promise<void>;
  /** Runs a call about one item that answers the whole list, then says `message`; a failure toasts the server's words. */
  change: (item: Item, run: () => Promise<Item[]>, message: string) => Promise<void>;
}

/** A member's list with an add/edit form above it (the address book, the invoice profiles). */
export function useEditableList<Item extends { id: number }>(initialItems: Item[], reload: () => Promise<Item[]>, savedMessage: string): EditableList<Item> {
  const [items, setItems] = useState(initialItems);
  const [editing, setEditing] = useState<Editing<Item>>({ kind: 'closed' });
  const [busyId, setBusyId] = useState<number | null>(null);
  return {
    items,
    editing,
    busyId,
    startAdding: () => setEditing({ kind: 'new' }),
    startEditing: (item) => setEditing({ kind: 'edit', item }),
    closeForm: () => setEditing({ kind: 'closed' }),
    async saved() {
      setEditing({ kind: 'closed' });
      showToast(savedMessage);
      try {
        setItems(await reload());
      } catch (error) {
        toastIfMessage(errorMessageOf(error));
      }
    },
    async change(item, run, message) {
      if (busyId !== null) return;
      setBusyId(item.id);
      try {
        setItems(await run());
        showToast(message);
      } catch (error) {
        toastIfMessage(errorMessageOf(error));
      } finally {
        setBusyId(null);
      }
    },
  };
}
