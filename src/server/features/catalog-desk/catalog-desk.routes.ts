import type { FastifyInstance } from 'fastify';
import { adminProductExportPath, adminProductMessages, lifecycleLabels, type AdminProductRow } from '../../../contract/console/products.ts';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import { adminProductsRequests, productListQuery } from '../../../contract/console/products-requests.ts';
import { warehouseStockText } from '../../../contract/warehouse.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { WithMessage } from '../../http/api-route.ts';
import { registerStaffExport, type StaffExportColumn } from '../staff/grid-query.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import type { StaffSessionDeps } from '../staff/staff-session.ts';
import {
  bulkSetIcZone,
  bulkSetLifecycle,
  bulkSetSpecialOffer,
  createProduct,
  exportProducts,
  listProducts,
  loadAdminProduct,
  saveProduct,
  setProductStock,
  type ProductDeskDeps,
} from './product-desk.service.ts';

export type CatalogDeskDeps = StaffSessionDeps & ProductDeskDeps;

const exportColumns: StaffExportColumn<AdminProductRow>[] = [
  { header: '商品编号', value: (row) => row.id },
  { header: '型号', value: (row) => row.code },
  { header: '品牌', value: (row) => row.brandName },
  { header: '分类', value: (row) => row.categoryName },
  { header: '封装', value: (row) => row.package },
  { header: '生命周期', value: (row) => lifecycleLabels[row.lifecycle] },
  { header: '库存', value: (row) => row.stock },
  { header: '分仓库存', value: (row) => warehouseStockText(row.warehouses) },
  { header: '包装数量', value: (row) => row.packSize },
  { header: '首阶单价', value: (row) => (row.firstTierPriceE4 === null ? '' : formatUnitPriceE4(row.firstTierPriceE4)) },
  { header: '特价专区', value: (row) => (row.isSpecialOffer ? '是' : '否') },
  { header: 'IC专区', value: (row) => (row.isIcZone ? '是' : '否') },
  { header: '更新时间', value: (row) => row.updatedAtStr },
];

/** 商品管理: the grid, the form, the stock form, bulk changes and the Excel export. */
export function registerCatalogDeskRoutes(app: FastifyInstance, deps: CatalogDeskDeps) {
  registerStaffCalls(app, adminProductsCalls, adminProductsRequests, {
    list: ({ body }) => listProducts(deps, body),
    get: ({ body }) => loadAdminProduct(deps, body.productId),
    async create({ body, actor }) {
      return new WithMessage(await createProduct(deps, actor, body), adminProductMessages.created);
    },
    async save({ body, actor }) {
      const { productId, expectedUpdatedAt, ...form } = body;
      return new WithMessage(await saveProduct(deps, actor, productId, expectedUpdatedAt, form), adminProductMessages.saved);
    },
    async setStock({ body, actor }) {
      return new WithMessage(await setProductStock(deps, actor, body.productId, body.warehouses), adminProductMessages.stockSaved);
    },
    async bulkSetLifecycle({ body, actor }) {
      return new WithMessage(await bulkSetLifecycle(deps, actor, body.productIds, body.lifecycle), adminProductMessages.bulkDone);
    },
    async bulkSetSpecialOffer({ body, actor }) {
      return new WithMessage(await bulkSetSpecialOffer(deps, actor, body.productIds, body.isSpecialOffer), adminProductMessages.bulkDone);
    },
    async bulkSetIcZone({ body, actor }) {
      return new WithMessage(await bulkSetIcZone(deps, actor, body.productIds, body.isIcZone), adminProductMessages.bulkDone);
    },
  });
  registerStaffExport(app, {
    path: adminProductExportPath,
    permission: { action: 'export', subject: 'Product' },
    schema: productListQuery,
    fileName: '商品列表',
    columns: exportColumns,
    load: (query) => exportProducts(deps, query),
  });
}
