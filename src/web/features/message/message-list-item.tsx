import { isHtmlMessageType, messageTypeNames, type Message } from '../../../contract/message.ts';
import { MessageContent, messageDetailsUrl } from './message-content.tsx';
import type { MessageListState } from './use-message-list.ts';

/** One row of the message centre; BOM and offer messages show their HTML and are not links (spec §4). */
export function MessageListItem({ message, list }: { message: Message; list: MessageListState }) {
  const isHtml = isHtmlMessageType(message.messageType);
  return (
    <li className={`message-list__item${message.isRead ? '' : ' message-list__item--unread'}`} data-testid="message-row" data-read={message.isRead}>
      <input
        type="checkbox"
        className="message-list__check"
        aria-label="选择这条消息"
        checked={list.selected.has(message.id)}
        disabled={list.isBusy}
        onChange={() => list.toggle(message.id)}
      />
      <span className="message-list__dot" role="img" aria-label={message.isRead ? '已读' : '未读'} />
      <span className={`message-tag message-tag--${message.messageType}`}>{messageTypeNames[message.messageType]}</span>
      <div className="message-list__body">
        {isHtml ? (
          <MessageContent message={message} />
        ) : (
          <a className="message-list__link" href={messageDetailsUrl(message.id)}>
            {message.msgContent}
          </a>
        )}
      </div>
      <div className="message-list__side">
        <time>{message.sendDateStr}</time>
        <span className="message-list__actions">
          {!isHtml && <span className="message-list__state">{message.isRead ? '已读' : '未读'}</span>}
          {!message.isRead && (
            <button type="button" className="link-button message-list__mark" disabled={list.isBusy} onClick={() => void list.markRead(message.id)}>
              标为已读
            </button>
          )}
          <button type="button" className="link-button message-list__delete" disabled={list.isBusy} onClick={() => list.remove([message.id])}>
            删除
          </button>
        </span>
      </div>
    </li>
  );
}
