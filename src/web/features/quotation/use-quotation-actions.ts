import { useRef, useState } from 'react';
import type { QuotationDetail } from '../../../contract/quotation.ts';
import { quotationCalls } from '../../../contract/quotation-calls.ts';
import { ApiError, callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

/**
 * 接受报价 (then on to the settlement page at the quoted prices) and 取消 for the page's quotations,
 * each sent with the state and offer revision the card shows: a quotation changed meanwhile (staff
 * priced it again, another tab acted) is refused, and the card is read again to show it as it is.
 * A quotation answered by 取消 replaces the one shown; one call at a time per page.
 */
export function useQuotationActions(initial: readonly QuotationDetail[]) {
  const [quotations, setQuotations] = useState<QuotationDetail[]>([...initial]);
  const [busyId, setBusyId] = useState<number | null>(null);
  // A ref, not state: a second click in the same frame must already see the lock.
  const lock = useRef(false);

  /** The card as the server has it now, after a refusal (the buttons follow its allowed events). */
  async function refresh(quotationId: number) {
    try {
      const now = await callApi(quotationCalls.detail, { quotationId });
      setQuotations((current) => current.map((entry) => (entry.id === now.id ? now : entry)));
    } catch {
      // The toast already says what happened; the card stays as it was.
    }
  }

  async function run(quotationId: number, work: () => Promise<boolean>) {
    if (lock.current) return;
    lock.current = true;
    setBusyId(quotationId);
    let isLeaving = false;
    try {
      isLeaving = await work();
    } catch (error) {
      toastIfMessage(errorMessageOf(error) || '网络异常，请稍后重试');
      if (error instanceof ApiError && error.errorCode.startsWith('quotation.')) await refresh(quotationId);
    } finally {
      // While the browser leaves for the settlement page the buttons stay locked.
      if (!isLeaving) {
        lock.current = false;
        setBusyId(null);
      }
    }
  }

  function seenOf(quotationId: number) {
    const shown = quotations.find((entry) => entry.id === quotationId);
    return shown ? { from: shown.status, revision: shown.offerRevision } : {};
  }

  function accept(quotationId: number) {
    return run(quotationId, async () => {
      const answer = await callApi(quotationCalls.accept, { quotationId, ...seenOf(quotationId) });
      window.location.assign(answer.settlementUrl);
      return true;
    });
  }

  function cancel(quotationId: number) {
    return run(quotationId, async () => {
      if (!window.confirm('确定取消该询价单吗？取消后不能恢复。')) return false;
      const cancelled = await callApi(quotationCalls.cancel, { quotationId, ...seenOf(quotationId) });
      setQuotations((current) => current.map((entry) => (entry.id === cancelled.id ? cancelled : entry)));
      showToast('询价单已取消');
      return false;
    });
  }

  return { quotations, busyId, accept, cancel };
}
