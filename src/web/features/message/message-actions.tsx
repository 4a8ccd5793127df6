import { useState } from 'react';
import type { AnyCall, CallBody } from '../../../contract/call.ts';
import { messageCalls } from '../../../contract/message-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

/** Reloads after a change so the status bar's unread count and the sidebar badge follow; a failure toasts the server's msg. */
function useReloadingCall() {
  const [isBusy, setIsBusy] = useState(false);
  async function run<C extends AnyCall>(call: C, body: CallBody<C>) {
    if (isBusy) return;
    setIsBusy(true);
    try {
      await callApi(call, body);
      window.location.reload();
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      setIsBusy(false);
    }
  }
  return { isBusy, run };
}

export function ReadAllButton({ isDisabled }: { isDisabled: boolean }) {
  const { isBusy, run } = useReloadingCall();
  return (
    <button type="button" className="button button--small" disabled={isDisabled || isBusy} onClick={() => void run(messageCalls.readAll, {})}>
      全部标为已读
    </button>
  );
}

/** BOM and offer messages are read in the list (they have no detail link), so they get their own button. */
export function MarkReadButton({ id }: { id: number }) {
  const { isBusy, run } = useReloadingCall();
  return (
    <button type="button" className="link-button message-list__mark" disabled={isBusy} onClick={() => void run(messageCalls.markRead, { id })}>
      标为已读
    </button>
  );
}
