import { z } from 'zod';
import { recordIdField } from './content-requests.ts';
import { isQuotationStatus, quotationErrors, quotationLimits, quotationMessages, quotationStatuses } from './quotation.ts';

/** The request schemas of quotationCalls. The browser imports this file for types only. */

function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .max(max * 4, message)
    .transform((value) => value.trim())
    .pipe(z.string().refine((value) => Array.from(value).length <= max, message))
    .optional()
    .default('');
}

const lineSchema = z.object(
  {
    lineNo: z
      .number({ error: quotationMessages.lineInvalid })
      .int(quotationMessages.lineInvalid)
      .min(1, quotationMessages.lineInvalid)
      .max(1_000_000, quotationMessages.lineInvalid),
    partNumber: z
      .string({ error: quotationMessages.partNumberMissing })
      .transform((value) => value.trim())
      .pipe(z.string().min(1, quotationMessages.partNumberMissing).max(quotationLimits.partNumberMax, quotationMessages.partNumberLong)),
    brand: optionalText(quotationLimits.brandMax, quotationMessages.lineInvalid),
    package: optionalText(quotationLimits.packageMax, quotationMessages.lineInvalid),
    quantity: z
      .number({ error: quotationMessages.quantityInvalid })
      .int(quotationMessages.quantityInvalid)
      .min(1, quotationMessages.quantityInvalid)
      .max(quotationLimits.quantityMax, quotationMessages.quantityInvalid),
    productId: recordIdField(quotationMessages.lineInvalid).optional(),
    remark: optionalText(quotationLimits.remarkMax, quotationMessages.remarkLong),
  },
  { error: quotationMessages.lineInvalid },
);

const quotationIdSchema = recordIdField(quotationErrors.notFound.msg);

/**
 * What the page showed when the member acted: its state and offer revision. A quotation changed
 * since (staff priced it again, the member acted in another tab) is refused, never acted on blind.
 */
export const quotationSeenFields = {
  from: z.enum(quotationStatuses, quotationMessages.statusInvalid).optional(),
  revision: z
    .number(quotationMessages.statusInvalid)
    .int(quotationMessages.statusInvalid)
    .min(0, quotationMessages.statusInvalid)
    .max(1_000_000, quotationMessages.statusInvalid)
    .optional(),
};

export const quotationRequests = {
  request: z.object({
    bomId: recordIdField('BOM 不存在或已删除').optional(),
    note: optionalText(quotationLimits.noteMax, quotationMessages.noteLong),
    lines: z
      .array(lineSchema, { error: quotationMessages.linesMissing })
      .min(1, quotationMessages.linesMissing)
      .max(quotationLimits.linesMax, quotationMessages.tooManyLines),
  }),
  list: z.object({
    status: z
      .string({ error: quotationMessages.statusInvalid })
      .refine((value) => value === '' || isQuotationStatus(value), quotationMessages.statusInvalid)
      .optional(),
    page: z.coerce.number({ error: '页码有误' }).int('页码有误').min(1, '页码有误').max(10_000, '页码有误').optional().default(1),
  }),
  detail: z.object({ quotationId: quotationIdSchema }),
  accept: z.object({ quotationId: quotationIdSchema, ...quotationSeenFields }),
  cancel: z.object({ quotationId: quotationIdSchema, ...quotationSeenFields }),
};
