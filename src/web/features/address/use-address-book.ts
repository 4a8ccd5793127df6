import { addressMessages, type Address } from '../../../contract/address.ts';
import { addressCalls } from '../../../contract/address-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { useEditableList, type EditableList } from './use-editable-list.ts';

export interface AddressBookState extends EditableList<Address> {
  setDefault: (address: Address) => Promise<void>;
  remove: (address: Address) => Promise<void>;
}

/** The address book's list and its calls. */
export function useAddressBook(initialAddresses: Address[]): AddressBookState {
  const list = useEditableList(initialAddresses, () => callApi(addressCalls.list, {}), addressMessages.saved);
  return {
    ...list,
    setDefault: (address) => list.change(address, () => callApi(addressCalls.setDefault, { id: address.id }), addressMessages.defaultSet),
    remove: (address) => list.change(address, () => callApi(addressCalls.delete, { id: address.id }), addressMessages.deleted),
  };
}
