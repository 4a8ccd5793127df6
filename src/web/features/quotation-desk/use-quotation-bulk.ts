import { useState } from 'react';
import type { QuotationDeskRow } from '../../../contract/console/quotation.ts';
import { quotationDeskCalls } from '../../../contract/console/quotation-calls.ts';
import { bulkNotice } from '../staff/data-grid/bulk-notice.ts';
import type { GridBulkAction } from '../staff/data-grid/grid-types.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/** 批量关闭 with the reason typed over the grid (the members are told it). */
export function useQuotationBulk() {
  const [reason, setReason] = useState('');
  const bulkActions: GridBulkAction<QuotationDeskRow>[] = [
    {
      label: '批量关闭',
      permission: { action: 'update', subject: 'Quotation' },
      async run(rows) {
        if (reason.trim() === '') return '请先填写关闭原因';
        const result = await callStaffApi(quotationDeskCalls.bulkClose, { quotationIds: rows.map((row) => row.id), reason });
        return bulkNotice(
          `已关闭 ${String(result.done)} 张询价单，会员将收到通知`,
          result,
          rows,
          (row) => row.id,
          (row) => row.quotationNo,
        );
      },
    },
  ];
  return { reason, setReason, bulkActions };
}
