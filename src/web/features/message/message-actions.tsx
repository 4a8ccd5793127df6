import type { MessageListState } from './use-message-list.ts';

/** The list's toolbar: select the page, delete the selected, mark all read. */
export function MessageToolbar({ list }: { list: MessageListState }) {
  const { data, selected, isBusy } = list;
  return (
    <div className="message-toolbar">
      <label className="message-toolbar__all">
        <input type="checkbox" checked={list.isAllSelected} disabled={data.messages.length === 0 || isBusy} onChange={() => list.toggleAll()} />
        全选本页
      </label>
      <button type="button" className="button button--small button--ghost" disabled={selected.size === 0 || isBusy} onClick={() => list.remove([...selected])}>
        删除所选{selected.size > 0 ? `（${String(selected.size)}）` : ''}
      </button>
      <button type="button" className="button button--small" disabled={data.unreadCount === 0 || isBusy} onClick={() => void list.readAll()}>
        全部标为已读
      </button>
    </div>
  );
}
