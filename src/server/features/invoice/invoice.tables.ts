import type { Generated } from 'kysely';
import type { InvoiceType } from '../../../contract/invoice.ts';

/** One row per profile; the columns a type does not use hold ''. */
export interface InvoiceProfilesTable {
  id: Generated<number>;
  userId: number;
  type: InvoiceType;
  title: string;
  companyName: string;
  taxNumber: string;
  registeredAddress: string;
  registeredPhone: string;
  bankName: string;
  bankAccount: string;
  /** 0/1; at most one 1 per member (the invoice_profiles_one_default index). */
  isDefault: number;
  createdAt: number;
  updatedAt: number;
}

/** The company register: loaded companies (is_verified 1) and those learnt from members' profiles (0). */
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  taxNumber: string;
  registeredAddress: string;
  registeredPhone: string;
  bankName: string;
  bankAccount: string;
  isVerified: number;
  createdAt: number;
  updatedAt: number;
}

export interface InvoiceTables {
  invoiceProfiles: InvoiceProfilesTable;
  companies: CompaniesTable;
}
