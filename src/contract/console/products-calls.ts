import type { AdminProduct, AdminProductPage, BulkResult, ProductStockResult } from './products.ts';
import type { adminProductsRequests } from './products-requests.ts';
import { staffCall } from '../staff-calls.ts';

type Requests = typeof adminProductsRequests;
const readProduct = { action: 'read', subject: 'Product' } as const;
const updateProduct = { action: 'update', subject: 'Product' } as const;

/**
 * /admin/api/products/…: 商品管理. Every change is audited with before and after and reaches the
 * shop's search and parametric indexes through the catalog_changes triggers. The stock figure is
 * its own call and subject (Stock): the warehouse role corrects stock and nothing else.
 */
export const adminProductsCalls = {
  list: staffCall<Requests['list'], AdminProductPage>('/admin/api/products/list', readProduct),
  get: staffCall<Requests['get'], AdminProduct>('/admin/api/products/get', readProduct),
  create: staffCall<Requests['create'], AdminProduct>('/admin/api/products/create', { action: 'create', subject: 'Product' }),
  save: staffCall<Requests['save'], AdminProduct>('/admin/api/products/save', updateProduct),
  setStock: staffCall<Requests['setStock'], ProductStockResult>('/admin/api/products/setStock', { action: 'update', subject: 'Stock' }),
  bulkSetLifecycle: staffCall<Requests['bulkSetLifecycle'], BulkResult>('/admin/api/products/bulkSetLifecycle', updateProduct),
  bulkSetSpecialOffer: staffCall<Requests['bulkSetSpecialOffer'], BulkResult>('/admin/api/products/bulkSetSpecialOffer', updateProduct),
  /** 加入IC专区 / 移出IC专区 (A03), as the special offer's selection. */
  bulkSetIcZone: staffCall<Requests['bulkSetIcZone'], BulkResult>('/admin/api/products/bulkSetIcZone', updateProduct),
};
