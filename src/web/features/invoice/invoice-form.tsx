import { invoiceFieldsOfType, invoiceLimits, invoiceTypeNames, invoiceTypes, type InvoiceFieldName, type InvoiceProfile } from '../../../contract/invoice.ts';
import { FormEnd, FormRow, TextField } from '../../ui/form-row.tsx';
import { CompanyNameInput } from './company-name-input.tsx';
import { useInvoiceForm, type InvoiceFormState } from './use-invoice-form.ts';

const fieldLabels: Record<InvoiceFieldName, string> = {
  title: '发票抬头',
  companyName: '单位名称',
  taxNumber: '纳税人识别号',
  registeredAddress: '注册地址',
  registeredPhone: '注册电话',
  bankName: '开户银行',
  bankAccount: '银行账号',
};

const placeholders: Record<Exclude<InvoiceFieldName, 'companyName'>, string> = {
  title: '个人姓名或“个人”',
  taxNumber: '统一社会信用代码，1-30位字母或数字',
  registeredAddress: '营业执照上的注册地址',
  registeredPhone: '如 0755-83998888',
  bankName: '如 招商银行深圳南山支行',
  bankAccount: '对公账户号码',
};

const maxLengths: Record<Exclude<InvoiceFieldName, 'companyName'>, number> = {
  title: invoiceLimits.title,
  taxNumber: 30,
  registeredAddress: invoiceLimits.registeredAddress,
  registeredPhone: invoiceLimits.phone,
  bankName: invoiceLimits.bankName,
  bankAccount: 52,
};

function InvoiceField({ field, state }: { field: InvoiceFieldName; state: InvoiceFormState }) {
  const problem = state.problems[field] ?? '';
  if (field === 'companyName')
    return (
      <FormRow label={fieldLabels[field]} isRequired problem={problem}>
        {({ id, describedBy }) => (
          <CompanyNameInput
            id={id}
            describedBy={describedBy}
            value={state.form.companyName}
            onChange={(name) => state.setField('companyName', name)}
            onInfo={state.fillCompany}
          />
        )}
      </FormRow>
    );
  return (
    <TextField
      label={fieldLabels[field]}
      isRequired
      problem={problem}
      isWide
      name={field}
      placeholder={placeholders[field]}
      maxLength={maxLengths[field]}
      value={state.form[field]}
      onChange={(value) => state.setField(field, value)}
    />
  );
}

export interface InvoiceFormProps {
  /** The profile to edit; without it the form adds one. */
  profile?: InvoiceProfile | null;
  onSaved: (profile: InvoiceProfile) => void;
  onCancel?: () => void;
}

/** Adds or edits an invoice profile: the type, then the fields that type asks for. */
export function InvoiceForm({ profile = null, onSaved, onCancel }: InvoiceFormProps) {
  const state = useInvoiceForm(profile, onSaved);
  return (
    <form
      className="member-form invoice-form"
      aria-label={profile ? '编辑发票信息' : '新增发票信息'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void state.submit();
      }}
    >
      <div className="form-row">
        <span className="form-row__label">发票类型</span>
        <div className="form-row__control invoice-form__types" role="radiogroup" aria-label="发票类型">
          {invoiceTypes.map((type) => (
            <label key={type} className={state.form.type === type ? 'invoice-type invoice-type--active' : 'invoice-type'}>
              <input type="radio" name="invoiceType" value={type} checked={state.form.type === type} onChange={() => state.setType(type)} />
              {invoiceTypeNames[type]}
            </label>
          ))}
        </div>
      </div>
      {invoiceFieldsOfType[state.form.type].map((field) => (
        <InvoiceField key={field} field={field} state={state} />
      ))}
      <FormEnd
        defaultLabel="设为默认发票信息"
        isDefault={state.isDefault}
        isDefaultLocked={profile?.isDefault === true}
        onDefaultChange={state.setIsDefault}
        serverMessage={state.serverMessage}
        isSaving={state.isSaving}
        saveLabel="保存发票信息"
        onCancel={onCancel}
      />
    </form>
  );
}
