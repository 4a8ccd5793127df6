import { useState } from 'react';
import { addressFieldProblems, addressFormProblem, type Address, type AddressFieldName, type AddressFields, type Division } from '../../../contract/address.ts';
import { addressCalls } from '../../../contract/address-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { noDivisionChoice, useDivisions, type Divisions } from './use-divisions.ts';

type TextFieldName = 'receiver' | 'mobile' | 'landline' | 'detail';

const noProblems: Record<AddressFieldName, string> = {
  receiver: '',
  mobile: '',
  landline: '',
  provinceCode: '',
  cityCode: '',
  districtCode: '',
  detail: '',
};

export interface AddressFormState {
  text: Record<TextFieldName, string>;
  setText: (field: TextFieldName, value: string) => void;
  isDefault: boolean;
  setIsDefault: (isDefault: boolean) => void;
  divisions: Divisions;
  /** Beside each field, once the member has tried to save; they follow the typing from then on. */
  problems: Record<AddressFieldName, string>;
  /** The server's refusal (another member's address, a full book…). */
  serverMessage: string;
  isSaving: boolean;
  submit: () => Promise<void>;
}

/** The address form's behaviour: the rules of the contract before sending, then addressCalls.save. */
export function useAddressForm(address: Address | null, provinces: Division[] | undefined, onSaved: (address: Address) => void): AddressFormState {
  const [text, setTextState] = useState<Record<TextFieldName, string>>({
    receiver: address?.receiver ?? '',
    mobile: address?.mobile ?? '',
    landline: address?.landline ?? '',
    detail: address?.detail ?? '',
  });
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? false);
  const divisions = useDivisions(
    address ? { provinceCode: address.provinceCode, cityCode: address.cityCode, districtCode: address.districtCode } : noDivisionChoice,
    provinces,
  );
  const [isChecked, setIsChecked] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [serverMessage, setServerMessage] = useState('');
  const fields: AddressFields = { ...text, ...divisions.choice };

  return {
    text,
    setText: (field, value) => {
      setTextState((current) => ({ ...current, [field]: value }));
    },
    isDefault,
    setIsDefault,
    divisions,
    problems: isChecked ? addressFieldProblems(fields) : noProblems,
    serverMessage,
    isSaving,
    async submit() {
      setIsChecked(true);
      if (isSaving || addressFormProblem(fields)) return;
      setIsSaving(true);
      setServerMessage('');
      try {
        const saved = await callApi(addressCalls.save, { ...(address ? { id: address.id } : {}), ...fields, isDefault });
        onSaved(saved);
      } catch (error) {
        setServerMessage(errorMessageOf(error) || '保存失败，请稍后重试');
      } finally {
        setIsSaving(false);
      }
    },
  };
}
