import { z } from 'zod';
import { parseQuickOrderText, quickOrderLimits, quickOrderMessages } from './quick-order.ts';

/** The pasted text, read by the contract's one parser; the server gets its lines and problems. */
export const quickOrderTextSchema = z
  .string({ error: quickOrderMessages.empty })
  .max(quickOrderLimits.textMax, quickOrderMessages.tooLong)
  .transform(parseQuickOrderText)
  .refine((parsed) => parsed.lineCount > 0, quickOrderMessages.empty)
  .refine((parsed) => parsed.lineCount <= quickOrderLimits.linesMax, quickOrderMessages.tooManyLines);

/** The request schemas of quickOrderCalls. */
export const quickOrderRequests = {
  add: z.object({ text: quickOrderTextSchema }),
};
