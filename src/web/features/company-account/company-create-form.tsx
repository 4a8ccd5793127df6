import { useState } from 'react';
import { companyLimits, companyMessages, isContactPhone } from '../../../contract/company-account.ts';
import { normalizeCreditCode, unifiedCreditCodeProblem } from '../../../contract/credit-code.ts';
import { TextField } from '../../ui/form-row.tsx';
import type { CompanyState } from './use-company.ts';

interface CompanyForm {
  name: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
}

const emptyForm: CompanyForm = { name: '', creditCode: '', contactName: '', contactPhone: '' };

/** What the server would refuse, said before sending (the same rules: contract/credit-code.ts). */
function problemsOf(form: CompanyForm): Partial<Record<keyof CompanyForm, string>> {
  const contactPhone = form.contactPhone.trim();
  return {
    name: form.name.trim() === '' ? companyMessages.nameMissing : '',
    creditCode: unifiedCreditCodeProblem(form.creditCode),
    contactPhone: contactPhone === '' || isContactPhone(contactPhone) ? '' : companyMessages.contactPhoneInvalid,
  };
}

/** 创建企业账户: 名称, 统一社会信用代码 (checked by its check character as it is typed), optional contact. */
export function CompanyCreateForm({ state }: { state: CompanyState }) {
  const [form, setForm] = useState(emptyForm);
  const [isChecked, setIsChecked] = useState(false);
  const problems = isChecked ? problemsOf(form) : {};
  const set = (field: keyof CompanyForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  return (
    <form
      className="company-create"
      aria-labelledby="company-create-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setIsChecked(true);
        if (Object.values(problemsOf(form)).some(Boolean)) return;
        void state.create({ ...form, creditCode: normalizeCreditCode(form.creditCode) });
      }}
    >
      <h2 id="company-create-title" className="company-section__title">
        创建企业账户
      </h2>
      <p className="company-intro">创建后您将成为企业管理员，可按手机号邀请同事加入，并分配采购、审批、财务等角色。一个会员只能加入一个企业。</p>
      <TextField label="企业名称" isRequired isWide maxLength={companyLimits.nameMax} value={form.name} problem={problems.name} onChange={set('name')} />
      <TextField
        label="统一社会信用代码"
        isRequired
        isWide
        maxLength={24}
        autoComplete="off"
        hint="18位，见营业执照"
        value={form.creditCode}
        problem={problems.creditCode}
        onChange={set('creditCode')}
      />
      <TextField label="联系人" maxLength={companyLimits.contactNameMax} value={form.contactName} onChange={set('contactName')} />
      <TextField
        label="联系电话"
        maxLength={companyLimits.contactPhoneMax}
        inputMode="tel"
        value={form.contactPhone}
        problem={problems.contactPhone}
        onChange={set('contactPhone')}
      />
      <div className="company-create__actions">
        <button type="submit" className="button button--primary" disabled={state.isBusy}>
          创建企业账户
        </button>
      </div>
    </form>
  );
}
