import { invoiceFieldsOf, invoiceFormOf, invoiceMessages, type InvoiceProfile } from '../../../contract/invoice.ts';
import { invoiceCalls } from '../../../contract/invoice-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { useEditableList, type EditableList } from '../address/use-editable-list.ts';

export interface InvoiceProfilesState extends EditableList<InvoiceProfile> {
  setDefault: (profile: InvoiceProfile) => Promise<void>;
  remove: (profile: InvoiceProfile) => Promise<void>;
}

/** The member's invoice profiles and their calls; a profile becomes the default by saving it so. */
export function useInvoiceProfiles(initialProfiles: InvoiceProfile[]): InvoiceProfilesState {
  const reload = () => callApi(invoiceCalls.list, {});
  const list = useEditableList(initialProfiles, reload, invoiceMessages.saved);
  return {
    ...list,
    setDefault: (profile) =>
      list.change(
        profile,
        async () => {
          await callApi(invoiceCalls.save, { id: profile.id, isDefault: true, invoice: invoiceFieldsOf(invoiceFormOf(profile)) });
          return reload();
        },
        invoiceMessages.defaultSet,
      ),
    remove: (profile) => list.change(profile, () => callApi(invoiceCalls.delete, { id: profile.id }), invoiceMessages.deleted),
  };
}
