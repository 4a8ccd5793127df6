import { useEffect, useState } from 'react';
import type { MessageSummary } from '../../../contract/message.ts';
import { messageCalls } from '../../../contract/message-calls.ts';
import { callApi } from '../../lib/api-client.ts';

/**
 * How the shell's message badges follow a change made on a page without a reload: the page
 * dispatches the member's fresh summary (as the server counts it) and the status bar's count and
 * dropdown and the sidebar's BOM badge, rendered from the page's initial shell state, switch to it.
 */
export const messageSummaryEvent = 'messages:summary';

export function dispatchMessageSummary(summary: MessageSummary): void {
  window.dispatchEvent(new CustomEvent<MessageSummary>(messageSummaryEvent, { detail: summary }));
}

/** Asks the server for the summary after a change and hands it to the shell. */
export async function refreshMessageSummary(): Promise<MessageSummary> {
  const summary = await callApi(messageCalls.summary, {});
  dispatchMessageSummary(summary);
  return summary;
}

/** The latest summary dispatched on this page; null until a change (the shell's state holds until then). */
export function useMessageSummary(): MessageSummary | null {
  const [summary, setSummary] = useState<MessageSummary | null>(null);
  useEffect(() => {
    const onSummary = (event: Event) => setSummary((event as CustomEvent<MessageSummary>).detail);
    window.addEventListener(messageSummaryEvent, onSummary);
    return () => window.removeEventListener(messageSummaryEvent, onSummary);
  }, []);
  return summary;
}
