import { useState } from 'react';
import { invoiceTitleOf, invoiceTypeNames, maxInvoiceProfiles, type InvoiceProfile, type InvoiceRequest } from '../../../contract/invoice.ts';
import { InvoiceForm } from './invoice-form.tsx';
import { InvoiceFacts } from './invoice-profile-card.tsx';

export interface InvoicePickerProps {
  /** The member's saved profiles (invoiceCalls.list, or the page's state). */
  initialProfiles: InvoiceProfile[];
  value: InvoiceRequest;
  onChange: (request: InvoiceRequest) => void;
}

/**
 * The checkout's invoice choice: 不开发票 or one of the saved profiles; a new profile can be saved
 * in place and is chosen at once. Sends what resolveInvoiceForOrder takes.
 */
export function InvoicePicker({ initialProfiles, value, onChange }: InvoicePickerProps) {
  const [profiles, setProfiles] = useState(initialProfiles);
  const [isAdding, setIsAdding] = useState(false);
  const chosenId = value.kind === 'profile' ? value.invoiceProfileId : null;
  return (
    <div className="invoice-picker" role="radiogroup" aria-label="发票">
      <label className={value.kind === 'none' ? 'invoice-option invoice-option--active' : 'invoice-option'}>
        <input type="radio" name="invoice" checked={value.kind === 'none'} onChange={() => onChange({ kind: 'none' })} />
        不开发票
      </label>
      {profiles.map((profile) => (
        <label key={profile.id} className={chosenId === profile.id ? 'invoice-option invoice-option--active' : 'invoice-option'}>
          <input type="radio" name="invoice" checked={chosenId === profile.id} onChange={() => onChange({ kind: 'profile', invoiceProfileId: profile.id })} />
          <span className="invoice-option__type">{invoiceTypeNames[profile.type]}</span>
          <span className="invoice-option__title">{invoiceTitleOf(profile)}</span>
          {chosenId === profile.id ? <InvoiceFacts invoice={profile} /> : null}
        </label>
      ))}
      {isAdding ? (
        <InvoiceForm
          onSaved={(profile) => {
            setProfiles((current) => [...current, profile]);
            setIsAdding(false);
            onChange({ kind: 'profile', invoiceProfileId: profile.id });
          }}
          onCancel={() => setIsAdding(false)}
        />
      ) : (
        <button type="button" className="link-button member-action" disabled={profiles.length >= maxInvoiceProfiles} onClick={() => setIsAdding(true)}>
          + 使用新的发票信息
        </button>
      )}
    </div>
  );
}
