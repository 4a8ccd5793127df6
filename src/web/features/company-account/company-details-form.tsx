import { useState } from 'react';
import { companyLimits, type CompanyView } from '../../../contract/company-account.ts';
import { TextField } from '../../ui/form-row.tsx';
import type { CompanyState } from './use-company.ts';

/** 编辑企业信息 (管理员): the name and contact; the server checks them as on creation. */
export function CompanyDetailsForm({ company, state, onDone }: { company: CompanyView; state: CompanyState; onDone: () => void }) {
  const [form, setForm] = useState({ name: company.name, contactName: company.contactName, contactPhone: company.contactPhone });
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  return (
    <form
      className="company-create"
      aria-label="编辑企业信息"
      onSubmit={(event) => {
        event.preventDefault();
        void state.update(form).then((isSaved) => {
          if (isSaved) onDone();
        });
      }}
    >
      <TextField label="企业名称" isRequired isWide maxLength={companyLimits.nameMax} value={form.name} onChange={set('name')} />
      <TextField label="联系人" maxLength={companyLimits.contactNameMax} value={form.contactName} onChange={set('contactName')} />
      <TextField label="联系电话" maxLength={companyLimits.contactPhoneMax} inputMode="tel" value={form.contactPhone} onChange={set('contactPhone')} />
      <div className="company-create__actions">
        <button type="submit" className="button button--primary" disabled={state.isBusy}>
          保存
        </button>{' '}
        <button type="button" className="button" onClick={onDone} disabled={state.isBusy}>
          取消
        </button>
      </div>
    </form>
  );
}
