import { z } from 'zod';
import { quotationDeskMessages as m, quotationDeskSortColumns } from './quotation.ts';
import { quotationLimits, quotationStatuses } from '../quotation.ts';
import { quotationSeenFields } from '../quotation-requests.ts';
import { gridBulkMax } from '../staff-grid.ts';
import { gridDayFilter, gridQuerySchema, gridTextFilter } from '../staff-grid-requests.ts';

const dateFilter = gridDayFilter(m.dateInvalid);

const quotationId = z.number(m.quotationIdInvalid).int(m.quotationIdInvalid).min(1, m.quotationIdInvalid).max(2_147_483_647, m.quotationIdInvalid);
const positiveId = (message: string) => z.number(message).int(message).min(1, message).max(2_147_483_647, message);

export const quotationDeskListQuery = gridQuerySchema(quotationDeskSortColumns, {
  status: z.enum(quotationStatuses, m.statusInvalid).optional(),
  phone: z
    .string(m.phoneInvalid)
    .trim()
    .regex(/^\d{0,11}$/, m.phoneInvalid)
    .optional(),
  quotationNo: gridTextFilter(32),
  from: dateFilter,
  to: dateFilter,
});

const offerFields = {
  /** The offer's last valid day (Beijing), yyyy-MM-dd. */
  validDate: z.string(m.validUntilInvalid).regex(/^\d{4}-\d{2}-\d{2}$/, m.validUntilInvalid),
  staffNote: z.string(m.staffNoteLong).trim().max(quotationLimits.staffNoteMax, m.staffNoteLong).default(''),
  lines: z
    .array(
      z.object({
        lineId: positiveId(m.lineInvalid),
        productId: positiveId(m.productMissing),
        unitPriceE4: z.number(m.unitPriceInvalid).int(m.unitPriceInvalid).min(1, m.unitPriceInvalid).max(1_000_000_000, m.unitPriceInvalid),
        quantity: z.number(m.quantityInvalid).int(m.quantityInvalid).min(1, m.quantityInvalid).max(quotationLimits.quantityMax, m.quantityInvalid),
        leadTime: z.string(m.leadTimeLong).trim().max(quotationLimits.leadTimeMax, m.leadTimeLong).default(''),
      }),
      m.linesMissing,
    )
    .min(1, m.linesMissing)
    .max(quotationLimits.linesMax, m.lineInvalid),
};

/** 报价管理 (sales role: manage Quotation). */
export const quotationDeskRequests = {
  list: quotationDeskListQuery,
  detail: z.object({ quotationId }),
  lookupPart: z.object({
    code: z.string(m.codeMissing).trim().min(1, m.codeMissing).max(quotationLimits.partNumberMax, m.codeLong),
    quantity: z.number(m.quantityInvalid).int(m.quantityInvalid).min(1, m.quantityInvalid).max(quotationLimits.quantityMax, m.quantityInvalid),
  }),
  /** 发送报价 of a 待报价 request. */
  send: z.object({ quotationId, ...offerFields, ...quotationSeenFields }),
  /** 重新报价: an offer quoted, accepted or expired priced again with a new validity (from and revision: what the desk showed). */
  requote: z.object({ quotationId, ...offerFields, ...quotationSeenFields }),
  close: z.object({
    quotationId,
    ...quotationSeenFields,
    reason: z.string(m.reasonMissing).trim().min(1, m.reasonMissing).max(quotationLimits.closeReasonMax, m.reasonLong),
  }),
  /** 批量关闭 with one reason: each request as close; one whose state does not allow it is reported. */
  bulkClose: z.object({
    quotationIds: z.array(quotationId, m.quotationsMissing).min(1, m.quotationsMissing).max(gridBulkMax, m.bulkTooMany),
    reason: z.string(m.reasonMissing).trim().min(1, m.reasonMissing).max(quotationLimits.closeReasonMax, m.reasonLong),
  }),
};
