import { isHtmlMessageType, messageTypeNames } from '../../contract/message.ts';
import type { HeaderStatusInfo } from '../../contract/shell.ts';
import { MessageContent, messageDetailsUrl } from '../features/message/message-content.tsx';
import { useMessageSummary } from '../features/message/message-events.ts';
import { messageBadge } from './badges.ts';
import { Icon } from './icons.tsx';

/** The status bar's message link: unread count, and on hover the latest unread messages; both follow the message pages' changes. */
export function MessageDropdown({ info: initial }: { info: HeaderStatusInfo }) {
  const info = useMessageSummary() ?? initial;
  const badge = messageBadge(info.unreadCount);
  return (
    <div className="status-bar__dropdown message-dropdown" data-testid="message-menu">
      <a className="status-bar__trigger" href="/user/message/list">
        <Icon name="bell" size={14} />
        消息
        {badge && (
          <span className="message-dropdown__count" data-testid="message-count">
            {badge}
          </span>
        )}
      </a>
      <div className="status-bar__panel message-dropdown__panel">
        <div className="message-dropdown__head">
          <span>未读消息</span>
          <a href="/user/message/list">查看更多</a>
        </div>
        {info.messageList.length === 0 ? (
          <p className="message-dropdown__empty">暂无未读消息</p>
        ) : (
          <ul className="message-dropdown__list">
            {info.messageList.map((message) => {
              const body = (
                <>
                  <span className="message-dropdown__meta">
                    <span className="message-dropdown__type">{messageTypeNames[message.messageType]}</span>
                    <time>{message.sendDateStr}</time>
                  </span>
                  <MessageContent message={message} className="message-dropdown__text" />
                </>
              );
              return (
                <li key={message.id} className="message-dropdown__item" data-testid="message-item">
                  {isHtmlMessageType(message.messageType) ? (
                    body
                  ) : (
                    <a className="message-dropdown__link" href={messageDetailsUrl(message.id)}>
                      {body}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <a className="message-dropdown__more" href="/user/message/list">
          查看全部消息
        </a>
      </div>
    </div>
  );
}
