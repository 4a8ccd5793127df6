import type { AdminBrandRow, BrandLogoUploaded } from './taxonomy.ts';
import type { brandDeskRequests } from './brands-requests.ts';
import type { GridBulkResult, GridPage } from '../staff-grid.ts';
import { staffCall } from '../staff-calls.ts';

type BrandRequests = typeof brandDeskRequests;

/** /admin/api/brands/…: 品牌管理; /brand and the brand pages read the rows directly. */
export const brandDeskCalls = {
  list: staffCall<BrandRequests['list'], GridPage<AdminBrandRow>>('/admin/api/brands/list', { action: 'read', subject: 'Brand' }),
  create: staffCall<BrandRequests['create'], AdminBrandRow>('/admin/api/brands/create', { action: 'create', subject: 'Brand' }),
  update: staffCall<BrandRequests['update'], AdminBrandRow>('/admin/api/brands/update', { action: 'update', subject: 'Brand' }),
  delete: staffCall<BrandRequests['delete'], null>('/admin/api/brands/delete', { action: 'delete', subject: 'Brand' }),
  bulkDelete: staffCall<BrandRequests['bulkDelete'], GridBulkResult>('/admin/api/brands/bulkDelete', { action: 'delete', subject: 'Brand' }),
  uploadLogo: staffCall<BrandRequests['uploadLogo'], BrandLogoUploaded>('/admin/api/brands/uploadLogo', { action: 'update', subject: 'Brand' }),
};
