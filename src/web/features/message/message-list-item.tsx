import { isHtmlMessageType, messageTypeNames, type Message } from '../../../contract/message.ts';
import { MarkReadButton } from './message-actions.tsx';
import { MessageContent, messageDetailsUrl } from './message-content.tsx';

/** One row of the message centre; BOM and offer messages show their HTML and are not links (spec §4). */
export function MessageListItem({ message }: { message: Message }) {
  const isHtml = isHtmlMessageType(message.messageType);
  return (
    <li className={`message-list__item${message.isRead ? '' : ' message-list__item--unread'}`} data-testid="message-row" data-read={message.isRead}>
      <span className="message-list__dot" aria-label={message.isRead ? '已读' : '未读'} />
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
        {isHtml && !message.isRead && <MarkReadButton id={message.id} />}
        {!isHtml && <span className="message-list__state">{message.isRead ? '已读' : '未读'}</span>}
      </div>
    </li>
  );
}
