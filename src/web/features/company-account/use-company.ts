import { useState } from 'react';
import { companyMessages, type CompanyPageData, type CompanyRole } from '../../../contract/company-account.ts';
import { companyCalls } from '../../../contract/company-account-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

/** /user/company: every change answers the page's new state, shown as it comes back. */
export function useCompany(initial: CompanyPageData) {
  const [data, setData] = useState(initial);
  const [isBusy, setIsBusy] = useState(false);

  async function change(send: () => Promise<CompanyPageData>, doneMessage: string): Promise<boolean> {
    setIsBusy(true);
    try {
      setData(await send());
      showToast(doneMessage);
      return true;
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      return false;
    } finally {
      setIsBusy(false);
    }
  }

  return {
    data,
    isBusy,
    create: (form: { name: string; creditCode: string; contactName: string; contactPhone: string }) =>
      change(() => callApi(companyCalls.create, form), companyMessages.created),
    update: (fields: { name: string; contactName: string; contactPhone: string }) =>
      change(() => callApi(companyCalls.update, fields), companyMessages.updated),
    invite: (phone: string, role: CompanyRole) => change(() => callApi(companyCalls.invite, { phone, role }), companyMessages.invited),
    cancelInvitation: (invitationId: number) => change(() => callApi(companyCalls.cancelInvitation, { invitationId }), companyMessages.invitationCancelled),
    accept: (invitationId: number) => change(() => callApi(companyCalls.acceptInvitation, { invitationId }), companyMessages.accepted),
    decline: (invitationId: number) => change(() => callApi(companyCalls.declineInvitation, { invitationId }), companyMessages.declined),
    changeRole: (userId: number, role: CompanyRole) => change(() => callApi(companyCalls.changeRole, { userId, role }), companyMessages.roleChanged),
    removeMember: (userId: number) => change(() => callApi(companyCalls.removeMember, { userId }), companyMessages.memberRemoved),
    leave: () => change(() => callApi(companyCalls.leave, {}), companyMessages.left),
    setApprovalThreshold: (threshold: string) => change(() => callApi(companyCalls.setApprovalThreshold, { threshold }), companyMessages.thresholdSaved),
  };
}

export type CompanyState = ReturnType<typeof useCompany>;
