import { useState } from 'react';
import type { MessageListData } from '../../../contract/message.ts';
import { messageCalls } from '../../../contract/message-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';
import { refreshMessageSummary } from './message-events.ts';
import { messageListUrl } from './message-filters.ts';

/**
 * The message list's state and actions. After each change the page reads its list again (same
 * filters and page; the server steps back a page when the last rows went) and hands the shell a
 * fresh summary, so the list, the status bar and the sidebar agree without a reload.
 */
export function useMessageList(initial: MessageListData) {
  const [data, setData] = useState(initial);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [isBusy, setIsBusy] = useState(false);

  async function change(action: () => Promise<unknown>, done?: string) {
    if (isBusy) return;
    setIsBusy(true);
    try {
      await action();
      const [next] = await Promise.all([
        callApi(messageCalls.list, { page: data.page, type: data.messageType, unread: data.isUnreadOnly, read: data.isReadOnly }),
        refreshMessageSummary(),
      ]);
      setData(next);
      setSelected((current) => new Set(next.messages.filter((message) => current.has(message.id)).map((message) => message.id)));
      if (next.page !== data.page) {
        window.history.replaceState(
          null,
          '',
          messageListUrl({ page: next.page, messageType: next.messageType, isUnreadOnly: next.isUnreadOnly, isReadOnly: next.isReadOnly }),
        );
      }
      if (done) toastIfMessage(done);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsBusy(false);
    }
  }

  const pageIds = data.messages.map((message) => message.id);
  return {
    data,
    selected,
    isBusy,
    isAllSelected: pageIds.length > 0 && pageIds.every((id) => selected.has(id)),
    toggle(id: number) {
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    },
    toggleAll() {
      setSelected((current) => (pageIds.every((id) => current.has(id)) ? new Set() : new Set(pageIds)));
    },
    markRead: (id: number) => change(() => callApi(messageCalls.markRead, { id })),
    readAll: () => change(() => callApi(messageCalls.readAll, {})),
    remove(ids: readonly number[]) {
      if (ids.length === 0 || !window.confirm(ids.length === 1 ? '确定删除这条消息吗？' : `确定删除选中的${String(ids.length)}条消息吗？`)) return;
      void change(() => callApi(messageCalls.delete, { ids: [...ids] }), '已删除');
    },
  };
}

export type MessageListState = ReturnType<typeof useMessageList>;
