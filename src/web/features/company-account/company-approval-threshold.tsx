import { useState } from 'react';
import { companyOrdersPath } from '../../../contract/company-account.ts';
import { formatCents, yuanTextOfCents } from '../../../contract/money.ts';
import { TextField } from '../../ui/form-row.tsx';
import type { CompanyState } from './use-company.ts';

/**
 * 订单审批: the 审批金额 every member sees, set or cleared by the 管理员 (the server checks the role
 * again). Above it a 采购's order waits for an 审批 or 管理员 on 公司订单 (decision 0029).
 */
export function CompanyApprovalThreshold({ state }: { state: CompanyState }) {
  const { company, can } = state.data;
  const current = company?.approvalThresholdCents ?? null;
  const [text, setText] = useState(current === null ? '' : yuanTextOfCents(current));
  if (company === null) return null;
  return (
    <section className="company-section" aria-labelledby="company-approval-title">
      <h2 id="company-approval-title" className="company-section__title">
        订单审批
      </h2>
      <p data-testid="company-approval-threshold">
        {current === null
          ? '未设置审批金额：采购下单无需审批。'
          : `审批金额 ${formatCents(current)}：采购下单应付金额超过此金额时，须经审批人或管理员批准后才能付款。`}
        {can.canApprove && current !== null ? (
          <>
            {' '}
            <a href={`${companyOrdersPath}?filter=awaitingApproval`}>查看待审批订单</a>
          </>
        ) : null}
      </p>
      {can.canSetThreshold && (
        <form
          className="company-threshold"
          aria-label="设置审批金额"
          onSubmit={(event) => {
            event.preventDefault();
            void state.setApprovalThreshold(text);
          }}
        >
          <TextField label="审批金额（元）" inputMode="decimal" maxLength={13} hint="留空并保存即取消审批" value={text} onChange={setText} />
          <button type="submit" className="button button--primary" disabled={state.isBusy}>
            保存审批金额
          </button>
        </form>
      )}
    </section>
  );
}
