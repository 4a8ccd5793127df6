import { useRef, useState } from 'react';
import { companyDeskCalls } from '../../../contract/console/company-desk-calls.ts';
import type { CompanyDeskDetail } from '../../../contract/console/company-desk.ts';
import type { StatementStatus } from '../../../contract/company-credit.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/** 企业月结's detail page: grant or change 月结, withdraw it, settle a statement; one action at a time, the answer shown. */
export function useCompanyDesk(initial: CompanyDeskDetail) {
  const [detail, setDetail] = useState(initial);
  const [notice, setNotice] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const busy = useRef(false);

  async function run(action: () => Promise<CompanyDeskDetail>, done: string) {
    if (busy.current) return;
    busy.current = true;
    setIsBusy(true);
    try {
      setDetail(await action());
      setNotice(done);
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试');
    } finally {
      busy.current = false;
      setIsBusy(false);
    }
  }

  return {
    detail,
    notice,
    isBusy,
    grant: (limitYuan: string, termsDays: number) =>
      run(() => callStaffApi(companyDeskCalls.grant, { companyId: detail.companyId, limitYuan, termsDays }), '月结额度与账期已保存'),
    withdraw: () => run(() => callStaffApi(companyDeskCalls.withdraw, { companyId: detail.companyId }), '月结已停用'),
    settle: (statementId: number, seen: StatementStatus, note: string) =>
      run(() => callStaffApi(companyDeskCalls.settle, { statementId, note, ...(seen === 'issued' || seen === 'overdue' ? { seen } : {}) }), '对账单已登记结清'),
  };
}

export type CompanyDeskState = ReturnType<typeof useCompanyDesk>;
