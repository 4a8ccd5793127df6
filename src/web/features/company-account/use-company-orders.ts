import { useState } from 'react';
import type { CompanyOrdersData } from '../../../contract/company-account.ts';
import { orderApprovalMessages } from '../../../contract/order-approval.ts';
import { orderApprovalCalls } from '../../../contract/order-approval-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

/** 公司订单: 批准 and 驳回 answer the list as it is now (the same filter and page), shown as it comes back. */
export function useCompanyOrders(initial: CompanyOrdersData) {
  const [data, setData] = useState(initial);
  const [busyNo, setBusyNo] = useState<string | null>(null);
  const [rejectingNo, setRejectingNo] = useState<string | null>(null);

  async function decide(orderNo: string, send: () => Promise<CompanyOrdersData>, doneMessage: string): Promise<boolean> {
    setBusyNo(orderNo);
    try {
      setData(await send());
      showToast(doneMessage);
      return true;
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      return false;
    } finally {
      setBusyNo(null);
    }
  }

  const listing = { filter: data.filter, page: data.page };
  return {
    data,
    busyNo,
    rejectingNo,
    approve: (orderNo: string) => decide(orderNo, () => callApi(orderApprovalCalls.approve, { orderNo, ...listing }), orderApprovalMessages.approved),
    openReject: (orderNo: string) => setRejectingNo(orderNo),
    closeReject: () => setRejectingNo(null),
    reject: async (orderNo: string, reason: string) => {
      if (await decide(orderNo, () => callApi(orderApprovalCalls.reject, { orderNo, reason, ...listing }), orderApprovalMessages.rejected))
        setRejectingNo(null);
    },
  };
}

export type CompanyOrdersState = ReturnType<typeof useCompanyOrders>;
