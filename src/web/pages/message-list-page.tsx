import { MessageType, messageTypeNames, type MessageListData, type MessageTypeCode } from '../../contract/message.ts';
import { MessageToolbar } from '../features/message/message-actions.tsx';
import { messageListUrl } from '../features/message/message-filters.ts';
import { MessageListItem } from '../features/message/message-list-item.tsx';
import { useMessageList } from '../features/message/use-message-list.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';
import { Pagination } from '../ui/pagination.tsx';

const tabs: { title: string; messageType: MessageTypeCode | null }[] = [
  { title: '全部消息', messageType: null },
  ...Object.values(MessageType).map((code) => ({ title: messageTypeNames[code], messageType: code })),
];

const readFilters = [
  { title: '全部', isUnreadOnly: false, isReadOnly: false },
  { title: '未读', isUnreadOnly: true, isReadOnly: false },
  { title: '已读', isUnreadOnly: false, isReadOnly: true },
];

function isCurrentFilter(filter: (typeof readFilters)[number], data: MessageListData): boolean {
  return filter.isUnreadOnly === data.isUnreadOnly && filter.isReadOnly === data.isReadOnly;
}

/** /user/message/list: the member's messages by kind, read and unread, newest first; changes apply in place. */
export function MessageListPage({ shell, data: initial }: PageProps<MessageListData>) {
  const list = useMessageList(initial);
  const { data } = list;
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/message/list">
        <section className="message-center">
          <header className="message-center__head">
            <h1>我的消息</h1>
            <span className="message-center__summary" data-testid="unread-summary">
              未读 <strong>{data.unreadCount}</strong> 条
            </span>
          </header>
          <div className="message-center__tabs">
            {tabs.map((tab) => (
              <a
                key={tab.title}
                href={messageListUrl({ messageType: tab.messageType, isUnreadOnly: data.isUnreadOnly, isReadOnly: data.isReadOnly })}
                className={tab.messageType === data.messageType ? 'message-center__tab message-center__tab--active' : 'message-center__tab'}
                aria-current={tab.messageType === data.messageType ? 'page' : undefined}
              >
                {tab.title}
              </a>
            ))}
          </div>
          <nav className="message-center__read-filter" aria-label="阅读状态">
            {readFilters.map((filter) => (
              <a
                key={filter.title}
                href={messageListUrl({ messageType: data.messageType, ...filter })}
                className={isCurrentFilter(filter, data) ? 'message-center__read message-center__read--active' : 'message-center__read'}
                aria-current={isCurrentFilter(filter, data) ? 'page' : undefined}
              >
                {filter.title}
              </a>
            ))}
          </nav>
          <MessageToolbar list={list} />
          {data.messages.length === 0 ? (
            <p className="message-center__empty">暂无消息</p>
          ) : (
            <ul className="message-list">
              {data.messages.map((message) => (
                <MessageListItem key={message.id} message={message} list={list} />
              ))}
            </ul>
          )}
          <Pagination
            page={data.page}
            total={data.total}
            pageSize={data.pageSize}
            hrefFor={(page) => messageListUrl({ page, messageType: data.messageType, isUnreadOnly: data.isUnreadOnly, isReadOnly: data.isReadOnly })}
            unit="条消息"
          />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
