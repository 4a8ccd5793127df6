import type { CouponDeskRow } from '../../../contract/console/marketing.ts';
import { marketingDeskCalls } from '../../../contract/console/marketing-calls.ts';
import { bulkNotice } from '../staff/data-grid/bulk-notice.ts';
import type { GridBulkAction } from '../staff/data-grid/grid-types.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/**
 * 批量停发. There is no bulk 启用: stopping ends the claim window and takes the coupon out of the
 * new-member pack, so handing it out again is a decision made on its form (new claim window).
 */
export const couponBulkActions: readonly GridBulkAction<CouponDeskRow>[] = [
  {
    label: '批量停发',
    permission: { action: 'update', subject: 'Coupon' },
    async run(rows) {
      const result = await callStaffApi(marketingDeskCalls.bulkStop, { templateIds: rows.map((row) => row.id) });
      return bulkNotice(
        `已停发 ${String(result.done)} 张优惠券，已领取的优惠券在有效期内仍可使用`,
        result,
        rows,
        (row) => row.id,
        (row) => row.name,
      );
    },
  },
];
