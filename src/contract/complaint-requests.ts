import { z } from 'zod';
import {
  complaintErrors,
  complaintLimits,
  complaintMessages,
  complaintStatuses,
  complaintTypes,
  descriptionProblem,
  isComplaintStatus,
  isReturnCarrierName,
  replyProblem,
} from './complaint.ts';
import { recordIdField } from './content-requests.ts';
import { uploadMessages } from './upload.ts';

/** The request schemas of complaintCalls. The browser imports this file for types only. */

function checkedText(missingMessage: string, problem: (value: string) => string) {
  return z
    .string({ error: missingMessage })
    .transform((value) => value.trim())
    .superRefine((value, context) => {
      const message = problem(value);
      if (message) context.addIssue({ code: 'custom', message });
    });
}

const complaintIdSchema = recordIdField(complaintErrors.notFound.msg);
const from = z.enum(complaintStatuses, { error: complaintMessages.statusInvalid }).optional();

export const complaintRequests = {
  create: z.object({
    orderLineId: recordIdField(complaintMessages.lineMissing),
    type: z.enum(complaintTypes, { error: complaintMessages.typeMissing }),
    description: checkedText(complaintMessages.descriptionMissing, descriptionProblem),
    photoKeys: z
      .array(z.string({ error: uploadMessages.keysInvalid }).min(1, uploadMessages.keysInvalid).max(200, uploadMessages.keysInvalid), {
        error: uploadMessages.keysInvalid,
      })
      .max(complaintLimits.photosMax, complaintMessages.tooManyPhotos)
      .optional()
      .default([]),
  }),
  list: z.object({
    status: z
      .string({ error: complaintMessages.statusInvalid })
      .refine((value) => value === '' || isComplaintStatus(value), complaintMessages.statusInvalid)
      .optional(),
    page: z.coerce.number({ error: '页码有误' }).int('页码有误').min(1, '页码有误').max(10_000, '页码有误').optional().default(1),
  }),
  detail: z.object({ id: complaintIdSchema }),
  reply: z.object({ id: complaintIdSchema, text: checkedText(complaintMessages.replyMissing, replyProblem) }),
  /** `from`: the status the page showed; a change made meanwhile by staff is refused (已被他人更改). */
  close: z.object({ id: complaintIdSchema, from }),
  shipReturn: z.object({
    id: complaintIdSchema,
    from,
    carrierName: z.string({ error: complaintErrors.returnCarrierInvalid.msg }).trim().refine(isReturnCarrierName, complaintErrors.returnCarrierInvalid.msg),
    trackingNo: z
      .string({ error: complaintErrors.returnTrackingMissing.msg })
      .trim()
      .min(4, complaintErrors.returnTrackingMissing.msg)
      .max(complaintLimits.trackingNoMax, complaintErrors.returnTrackingMissing.msg)
      .regex(/^[0-9A-Za-z-]+$/, '快递单号只能包含字母、数字和连字符'),
  }),
  reopen: z.object({ id: complaintIdSchema, from }),
};
