import { addressLimits, contactMissingMessage, type Address, type Division } from '../../../contract/address.ts';
import { phoneLength } from '../../../contract/rules.ts';
import { DivisionSelects } from './division-selects.tsx';
import { FormEnd, FormRow, TextField, type InputProps } from '../../ui/form-row.tsx';
import { useAddressForm, type AddressFormState } from './use-address-form.ts';

type AddressTextName = keyof AddressFormState['text'];

/** The text fields of an address: label, input attributes, and what typing keeps (the mobile keeps digits). */
const textFields: Record<AddressTextName, InputProps & { label: string; isRequired?: true; isWide?: true; keep?: (text: string) => string }> = {
  receiver: { label: '收货人', isRequired: true, autoComplete: 'name', placeholder: '请输入收货人姓名', maxLength: addressLimits.receiver },
  detail: {
    label: '详细地址',
    isRequired: true,
    isWide: true,
    autoComplete: 'street-address',
    placeholder: '街道、楼牌号、单元室等，5-120个字',
    maxLength: addressLimits.detailMax,
  },
  mobile: {
    label: '手机号码',
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel',
    placeholder: '11位手机号码',
    maxLength: phoneLength,
    keep: (text) => text.replace(/\D/g, ''),
  },
  landline: { label: '固定电话', type: 'tel', placeholder: '如 0755-83998888', maxLength: addressLimits.landline },
};

function AddressText({ field, form, hint }: { field: AddressTextName; form: AddressFormState; hint?: string }) {
  const { keep, ...input } = textFields[field];
  return (
    <TextField
      {...input}
      name={field}
      problem={form.problems[field]}
      hint={hint}
      value={form.text[field]}
      onChange={(value) => form.setText(field, keep ? keep(value) : value)}
    />
  );
}

export interface AddressFormProps {
  /** The address to edit; without it the form adds one. */
  address?: Address | null;
  /** The provinces, when the page already has them (saves the cascade's first call). */
  provinces?: Division[];
  onSaved: (address: Address) => void;
  onCancel?: () => void;
}

/**
 * Adds or edits an address: receiver, the province → city → district cascade, the detail, and a
 * mobile or a landline. Works inline or in a dialog: it only reports the saved address.
 */
export function AddressForm({ address = null, provinces, onSaved, onCancel }: AddressFormProps) {
  const form = useAddressForm(address, provinces, onSaved);
  const { problems } = form;
  const regionProblem = problems.provinceCode || problems.cityCode || problems.districtCode;
  const isDefaultLocked = address?.isDefault === true;
  return (
    <form
      className="member-form address-form"
      aria-label={address ? '编辑收货地址' : '新增收货地址'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <AddressText field="receiver" form={form} />
      <FormRow label="所在地区" isRequired problem={regionProblem}>
        {({ id, describedBy }) => <DivisionSelects divisions={form.divisions} id={id} describedBy={describedBy} />}
      </FormRow>
      <AddressText field="detail" form={form} />
      <AddressText field="mobile" form={form} hint={contactMissingMessage} />
      <AddressText field="landline" form={form} />
      <FormEnd
        defaultLabel="设为默认收货地址"
        isDefault={form.isDefault}
        isDefaultLocked={isDefaultLocked}
        onDefaultChange={form.setIsDefault}
        serverMessage={form.serverMessage}
        isSaving={form.isSaving}
        saveLabel="保存收货地址"
        onCancel={onCancel}
      />
    </form>
  );
}
