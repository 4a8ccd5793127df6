import { lifecycleLabels, type AdminProductRow, type ProductLifecycle } from '../../../contract/console/products.ts';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import type { GridBulkAction } from '../staff/data-grid/grid-types.ts';
import { callStaffApi } from '../staff/staff-api.ts';

const updateProduct = { action: 'update', subject: 'Product' } as const;
const ids = (rows: AdminProductRow[]) => rows.map((row) => row.id);

/** The grid's bulk actions: lifecycle, and in or out of the two zones. */
export const productBulkActions: readonly GridBulkAction<AdminProductRow>[] = [
  ...(['eol', 'nrnd', 'active'] as const).map((lifecycle: ProductLifecycle) => ({
    label: `设为${lifecycleLabels[lifecycle]}`,
    permission: updateProduct,
    async run(rows: AdminProductRow[]) {
      const { count } = await callStaffApi(adminProductsCalls.bulkSetLifecycle, { productIds: ids(rows), lifecycle });
      return `已将${String(count)}个商品设为${lifecycleLabels[lifecycle]}`;
    },
  })),
  {
    label: '加入特价专区',
    permission: updateProduct,
    async run(rows) {
      const { count } = await callStaffApi(adminProductsCalls.bulkSetSpecialOffer, { productIds: ids(rows), isSpecialOffer: true });
      return `已将${String(count)}个商品加入特价专区，请在商品页为其阶梯填写原价`;
    },
  },
  {
    label: '移出特价专区',
    permission: updateProduct,
    async run(rows) {
      const { count } = await callStaffApi(adminProductsCalls.bulkSetSpecialOffer, { productIds: ids(rows), isSpecialOffer: false });
      return `已将${String(count)}个商品移出特价专区`;
    },
  },
  {
    label: '加入IC专区',
    permission: updateProduct,
    async run(rows) {
      const { count } = await callStaffApi(adminProductsCalls.bulkSetIcZone, { productIds: ids(rows), isIcZone: true });
      return `已将${String(count)}个商品加入IC专区`;
    },
  },
  {
    label: '移出IC专区',
    permission: updateProduct,
    async run(rows) {
      const { count } = await callStaffApi(adminProductsCalls.bulkSetIcZone, { productIds: ids(rows), isIcZone: false });
      return `已将${String(count)}个商品移出IC专区`;
    },
  },
];
