import { useState } from 'react';
import {
  emptyInvoiceForm,
  invoiceFieldProblems,
  invoiceFieldsOf,
  invoiceFormOf,
  invoiceFormProblem,
  withCompanyInfo,
  type CompanyInfo,
  type InvoiceFieldName,
  type InvoiceForm,
  type InvoiceProfile,
  type InvoiceType,
} from '../../../contract/invoice.ts';
import { invoiceCalls } from '../../../contract/invoice-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';

export interface InvoiceFormState {
  form: InvoiceForm;
  setType: (type: InvoiceType) => void;
  setField: (field: InvoiceFieldName, value: string) => void;
  /** A company chosen from the register fills in what is known of it. */
  fillCompany: (info: CompanyInfo) => void;
  isDefault: boolean;
  setIsDefault: (isDefault: boolean) => void;
  /** Beside each field, once the member has tried to save. */
  problems: Partial<Record<InvoiceFieldName, string>>;
  serverMessage: string;
  isSaving: boolean;
  submit: () => Promise<void>;
}

/** The invoice form's behaviour: the contract's rules for the chosen type, then invoiceCalls.save. */
export function useInvoiceForm(profile: InvoiceProfile | null, onSaved: (profile: InvoiceProfile) => void): InvoiceFormState {
  const [form, setForm] = useState<InvoiceForm>(profile ? invoiceFormOf(profile) : emptyInvoiceForm);
  const [isDefault, setIsDefault] = useState(profile?.isDefault ?? false);
  const [isChecked, setIsChecked] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [serverMessage, setServerMessage] = useState('');

  return {
    form,
    setType: (type) => {
      setForm((current) => ({ ...current, type }));
    },
    setField: (field, value) => {
      setForm((current) => ({ ...current, [field]: value }));
    },
    fillCompany: (info) => {
      setForm((current) => withCompanyInfo(current, info));
    },
    isDefault,
    setIsDefault,
    problems: isChecked ? invoiceFieldProblems(form) : {},
    serverMessage,
    isSaving,
    async submit() {
      setIsChecked(true);
      if (isSaving || invoiceFormProblem(form)) return;
      setIsSaving(true);
      setServerMessage('');
      try {
        const saved = await callApi(invoiceCalls.save, { ...(profile ? { id: profile.id } : {}), isDefault, invoice: invoiceFieldsOf(form) });
        onSaved(saved);
      } catch (error) {
        setServerMessage(errorMessageOf(error) || '保存失败，请稍后重试');
      } finally {
        setIsSaving(false);
      }
    },
  };
}
