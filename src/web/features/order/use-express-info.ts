import { useEffect, useState } from 'react';
import type { ExpressInfo } from '../../../contract/order.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';

export type ExpressState = { kind: 'loading' } | { kind: 'ready'; info: ExpressInfo } | { kind: 'failed'; message: string };

export const expressFailedMessage = '物流信息暂时无法获取，请稍后重试';

/** The logistics timeline of /common/api/queryExpressInfo, asked once the page is up (the page's HTML never waits for the carrier). */
export function useExpressInfo(orderNo: string) {
  const [state, setState] = useState<ExpressState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let isCurrent = true;
    callApi(orderCalls.expressInfo, { orderNo }).then(
      (info) => {
        if (isCurrent) setState({ kind: 'ready', info });
      },
      (error: unknown) => {
        if (isCurrent) setState({ kind: 'failed', message: errorMessageOf(error) || expressFailedMessage });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [orderNo, attempt]);
  return {
    state,
    retry: () => {
      setState({ kind: 'loading' });
      setAttempt((count) => count + 1);
    },
  };
}
