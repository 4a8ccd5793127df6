import type { Generated, Selectable } from 'kysely';
import type { AnnualVolume, SupplierApplicationStatus } from '../../../contract/supplier.ts';

export interface SupplierApplicationsTable {
  id: Generated<number>;
  applicationNo: string;
  userId: number;
  companyName: string;
  creditCode: string;
  contactName: string;
  phone: string;
  /** JSON: [{categoryId, categoryName}] as chosen. */
  categories: string;
  brands: string;
  annualVolume: AnnualVolume;
  status: SupplierApplicationStatus;
  reason: Generated<string>;
  reviewer: Generated<string>;
  createdAt: number;
  reviewedAt: number | null;
}

export interface SupplierDocumentsTable {
  id: Generated<number>;
  applicationId: number;
  kind: 'licence' | 'certificate';
  uploadKey: string;
  provider: 'local' | 'qiniu';
  position: number;
}

export type SupplierApplicationRow = Selectable<SupplierApplicationsTable>;
export type SupplierDocumentRow = Selectable<SupplierDocumentsTable>;

export interface SupplierTables {
  supplierApplications: SupplierApplicationsTable;
  supplierDocuments: SupplierDocumentsTable;
}
