import { useEffect, useState } from 'react';
import { isHtmlMessageType, type Message } from '../../../contract/message.ts';
import { messageCalls } from '../../../contract/message-calls.ts';
import type { ShellState } from '../../../contract/shell.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';
import { refreshMessageSummary } from './message-events.ts';

/** The shell as it is once `message` is read: out of the unread count, the dropdown and the BOM badge. */
export function shellAfterReading(shell: ShellState, message: Message): ShellState {
  const isBomKind = isHtmlMessageType(message.messageType);
  return {
    ...shell,
    headerStatusInfo: {
      unreadCount: Math.max(0, shell.headerStatusInfo.unreadCount - 1),
      messageList: shell.headerStatusInfo.messageList.filter((listed) => listed.id !== message.id),
    },
    headerData: { ...shell.headerData, bomMessageCount: Math.max(0, shell.headerData.bomMessageCount - (isBomKind ? 1 : 0)) },
  };
}

/**
 * The detail page marks its message read by a call once it has opened in the browser (the page's
 * GET writes nothing), then shows the shell without it. Marking read twice is harmless.
 */
export function useReadOnOpen(message: Message, shell: ShellState): { message: Message; shell: ShellState } {
  const [isMarked, setIsMarked] = useState(false);
  useEffect(() => {
    if (message.isRead) return;
    let isCurrent = true;
    callApi(messageCalls.markRead, { id: message.id })
      .then(async () => {
        if (isCurrent) setIsMarked(true);
        // The dropdown then lists the next unread message in its place.
        await refreshMessageSummary();
      })
      .catch((error: unknown) => {
        toastIfMessage(errorMessageOf(error));
      });
    return () => {
      isCurrent = false;
    };
  }, [message.id, message.isRead]);
  return isMarked ? { message: { ...message, isRead: true }, shell: shellAfterReading(shell, message) } : { message, shell };
}
