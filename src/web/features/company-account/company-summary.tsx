import { useState } from 'react';
import { companyOrdersPath, companyRoleLabels } from '../../../contract/company-account.ts';
import { companyInvoicesPath } from '../../../contract/company-invoices.ts';
import { CompanyDetailsForm } from './company-details-form.tsx';
import type { CompanyState } from './use-company.ts';

/** 企业信息: name, credit code, contact, the member's role and where the company's shared things are. */
export function CompanySummary({ state }: { state: CompanyState }) {
  const [isEditing, setIsEditing] = useState(false);
  const { company, myRole, can } = state.data;
  if (company === null || myRole === null) return null;
  if (isEditing) return <CompanyDetailsForm company={company} state={state} onDone={() => setIsEditing(false)} />;
  return (
    <section className="company-section" aria-labelledby="company-summary-title">
      <h2 id="company-summary-title" className="company-section__title">
        {company.name} <span className={`company-role company-role--${myRole}`}>我的角色：{companyRoleLabels[myRole]}</span>
      </h2>
      <dl className="company-facts">
        <dt>统一社会信用代码</dt>
        <dd data-testid="company-credit-code">{company.creditCode}</dd>
        <dt>联系人</dt>
        <dd>{company.contactName || '—'}</dd>
        <dt>联系电话</dt>
        <dd>{company.contactPhone || '—'}</dd>
        <dt>创建时间</dt>
        <dd>{company.createdAtStr}</dd>
      </dl>
      <p className="company-links">
        {can.canSeeOrders && (
          <a className="button" href={companyOrdersPath}>
            公司订单
          </a>
        )}
        {can.canSeeInvoices && (
          <a className="button" href={companyInvoicesPath}>
            公司发票
          </a>
        )}
        <a className="button" href="/user/purchase-list">
          企业常购清单{can.canChangeLists ? '' : '（只读）'}
        </a>
        {can.canManage && (
          <button type="button" className="link-button" onClick={() => setIsEditing(true)}>
            编辑企业信息
          </button>
        )}
      </p>
    </section>
  );
}
