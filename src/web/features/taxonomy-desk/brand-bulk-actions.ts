import { taxonomyMessages, type AdminBrandRow } from '../../../contract/console/taxonomy.ts';
import { brandDeskCalls } from '../../../contract/console/brands-calls.ts';
import { bulkNotice } from '../staff/data-grid/bulk-notice.ts';
import type { GridBulkAction } from '../staff/data-grid/grid-types.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/** 批量删除: a brand that still has parts is named in the notice and kept; the others go. */
export const brandBulkActions: readonly GridBulkAction<AdminBrandRow>[] = [
  {
    label: '批量删除',
    permission: { action: 'delete', subject: 'Brand' },
    confirm: (rows) => `确定删除选中的 ${String(rows.length)} 个品牌吗？有商品的品牌不会删除。`,
    async run(rows) {
      const result = await callStaffApi(brandDeskCalls.bulkDelete, { brandIds: rows.map((row) => row.id) });
      return bulkNotice(
        taxonomyMessages.bulkDeleted(result.done),
        result,
        rows,
        (row) => row.id,
        (row) => row.nameEn,
      );
    },
  },
];
