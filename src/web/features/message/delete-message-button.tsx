import { useState } from 'react';
import { messageCalls } from '../../../contract/message-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

/** The detail page's 删除: after a confirmation the message goes, and so does the page (back to the list). */
export function DeleteMessageButton({ messageId }: { messageId: number }) {
  const [isBusy, setIsBusy] = useState(false);
  async function remove() {
    if (!window.confirm('确定删除这条消息吗？')) return;
    setIsBusy(true);
    try {
      await callApi(messageCalls.delete, { ids: [messageId] });
      window.location.assign('/user/message/list');
    } catch (failure) {
      toastIfMessage(errorMessageOf(failure));
      setIsBusy(false);
    }
  }
  return (
    <button type="button" className="button" disabled={isBusy} onClick={() => void remove()}>
      删除
    </button>
  );
}
