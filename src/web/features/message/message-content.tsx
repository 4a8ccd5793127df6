import { isHtmlMessageType, type Message } from '../../../contract/message.ts';

/**
 * A message's text. BOM and offer messages are HTML the server has already passed through
 * its allowlist sanitiser (src/server/features/message/message-html.ts), so it is inserted as is.
 */
export function MessageContent({ message, className }: { message: Message; className?: string }) {
  if (isHtmlMessageType(message.messageType)) {
    return <div className={`message-content message-content--html ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: message.msgContent }} />;
  }
  return <div className={`message-content ${className ?? ''}`}>{message.msgContent}</div>;
}

export function messageDetailsUrl(id: number): string {
  return `/user/message/details?id=${id}`;
}
