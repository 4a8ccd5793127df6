import type { GridPage } from '../staff-grid.ts';
import { staffCall } from '../staff-calls.ts';
import type { supplierDeskRequests } from './supplier-desk-requests.ts';
import type { SupplierDeskDetail, SupplierDeskRow } from '../member-desk.ts';

type Supplier = typeof supplierDeskRequests;
const readSupplier = { action: 'read', subject: 'SupplierApplication' } as const;

/** /admin/api/supplier-applications/…: 供应商审核. */
export const supplierDeskCalls = {
  list: staffCall<Supplier['list'], GridPage<SupplierDeskRow>>('/admin/api/supplier-applications/list', readSupplier),
  detail: staffCall<Supplier['detail'], SupplierDeskDetail>('/admin/api/supplier-applications/detail', readSupplier),
  review: staffCall<Supplier['review'], SupplierDeskRow>('/admin/api/supplier-applications/review', { action: 'update', subject: 'SupplierApplication' }),
};
