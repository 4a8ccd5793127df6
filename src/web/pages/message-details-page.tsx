import { messageTypeNames, type MessageDetailsData } from '../../contract/message.ts';
import { DeleteMessageButton } from '../features/message/delete-message-button.tsx';
import { MessageContent } from '../features/message/message-content.tsx';
import { useReadOnOpen } from '../features/message/use-read-on-open.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

/** /user/message/details?id=: one message, marked read by a call once the page has opened. */
export function MessageDetailsPage(props: PageProps<MessageDetailsData>) {
  const { message, shell } = useReadOnOpen(props.data.message, props.shell);
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/message/list">
        <article className="message-center message-details" data-read={message.isRead}>
          <header className="message-details__head">
            <span className={`message-tag message-tag--${message.messageType}`}>{messageTypeNames[message.messageType]}</span>
            <h1>{messageTypeNames[message.messageType]}通知</h1>
            <time>{message.sendDateStr}</time>
          </header>
          <MessageContent message={message} className="message-details__content" linksPages />
          <footer className="message-details__foot">
            <a className="button" href="/user/message/list">
              返回消息列表
            </a>
            <DeleteMessageButton messageId={message.id} />
          </footer>
        </article>
      </MemberCentreLayout>
    </PageShell>
  );
}
