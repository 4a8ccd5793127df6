import { describe, expect, it } from 'vitest';
import type { InvoiceProfile } from '../../../contract/invoice.ts';
import { initialInvoiceOf } from './use-settlement.ts';

const personal: InvoiceProfile = { id: 3, isDefault: false, type: 'normal-personal', title: '王工' };
const company: InvoiceProfile = { id: 7, isDefault: true, type: 'normal-company', companyName: '深圳市芯品电子有限公司', taxNumber: '91440300MA5DXXXX1X' };

describe('initialInvoiceOf', () => {
  it('chooses the default invoice profile', () => {
    expect(initialInvoiceOf({ invoiceProfiles: [personal, company] })).toEqual({ kind: 'profile', invoiceProfileId: 7 });
  });

  it('asks for no invoice when no profile is the default, or there is none', () => {
    expect(initialInvoiceOf({ invoiceProfiles: [personal] })).toEqual({ kind: 'none' });
    expect(initialInvoiceOf({ invoiceProfiles: [] })).toEqual({ kind: 'none' });
  });
});
