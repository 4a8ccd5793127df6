import { MessageType, messageTypeNames, type MessageListData, type MessageTypeCode } from '../../contract/message.ts';
import { ReadAllButton } from '../features/message/message-actions.tsx';
import { messageListUrl } from '../features/message/message-filters.ts';
import { MessageListItem } from '../features/message/message-list-item.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

const tabs: { title: string; messageType: MessageTypeCode | null }[] = [
  { title: '全部消息', messageType: null },
  ...Object.values(MessageType).map((code) => ({ title: messageTypeNames[code], messageType: code })),
];

function Pagination({ data }: { data: MessageListData }) {
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  if (pageCount <= 1) return null;
  const link = (page: number) => messageListUrl({ page, messageType: data.messageType, isUnreadOnly: data.isUnreadOnly });
  return (
    <nav className="pagination" aria-label="分页">
      {data.page > 1 ? <a href={link(data.page - 1)}>上一页</a> : <span className="pagination__disabled">上一页</span>}
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((page) =>
        page === data.page ? (
          <span key={page} className="pagination__current" aria-current="page">
            {page}
          </span>
        ) : (
          <a key={page} href={link(page)}>
            {page}
          </a>
        ),
      )}
      {data.page < pageCount ? <a href={link(data.page + 1)}>下一页</a> : <span className="pagination__disabled">下一页</span>}
    </nav>
  );
}

/** /user/message/list: the member's messages by kind, read and unread, newest first. */
export function MessageListPage({ shell, data }: PageProps<MessageListData>) {
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '会员中心', href: '/user/person' }, { label: '我的消息' }]} />
      <section className="message-center">
        <header className="message-center__head">
          <h1>我的消息</h1>
          <span className="message-center__summary" data-testid="unread-summary">
            未读 <strong>{data.unreadCount}</strong> 条
          </span>
          <ReadAllButton isDisabled={data.unreadCount === 0} />
        </header>
        <div className="message-center__tabs">
          {tabs.map((tab) => (
            <a
              key={tab.title}
              href={messageListUrl({ messageType: tab.messageType, isUnreadOnly: data.isUnreadOnly })}
              className={tab.messageType === data.messageType ? 'message-center__tab message-center__tab--active' : 'message-center__tab'}
              aria-current={tab.messageType === data.messageType ? 'page' : undefined}
            >
              {tab.title}
            </a>
          ))}
          <a className="message-center__unread-toggle" href={messageListUrl({ messageType: data.messageType, isUnreadOnly: !data.isUnreadOnly })}>
            {data.isUnreadOnly ? '显示全部' : '只看未读'}
          </a>
        </div>
        {data.messages.length === 0 ? (
          <p className="message-center__empty">暂无消息</p>
        ) : (
          <ul className="message-list">
            {data.messages.map((message) => (
              <MessageListItem key={message.id} message={message} />
            ))}
          </ul>
        )}
        <Pagination data={data} />
      </section>
    </PageShell>
  );
}
