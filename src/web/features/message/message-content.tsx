import type { ReactNode } from 'react';
import { isHtmlMessageType, type Message } from '../../../contract/message.ts';

/**
 * A message's text. BOM and offer messages are HTML the server has already passed through
 * its allowlist sanitiser (src/server/features/message/message-html.ts), so it is inserted as is.
 */
export function MessageContent({ message, className, linksPages = false }: { message: Message; className?: string; linksPages?: boolean }) {
  if (isHtmlMessageType(message.messageType)) {
    return <div className={`message-content message-content--html ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: message.msgContent }} />;
  }
  return <div className={`message-content ${className ?? ''}`}>{linksPages ? withPageLinks(message.msgContent) : message.msgContent}</div>;
}

/** A page named in a plain message: a part (a favourite's alert: "查看详情：/product/detail/42") or the company account. */
const productPagePath = /(\/product\/detail\/\d{1,10}|\/user\/company)/;

/**
 * Plain text with its product paths made links: for the detail page only (in the list and the
 * dropdown the whole message is already a link, and links do not nest).
 */
function withPageLinks(text: string): ReactNode[] {
  // split with a capturing group: the paths are the odd parts.
  return text.split(productPagePath).map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} className="message-content__link" href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export function messageDetailsUrl(id: number): string {
  return `/user/message/details?id=${id}`;
}
