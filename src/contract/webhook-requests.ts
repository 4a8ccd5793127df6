import { z } from 'zod';
import { webhookErrors, webhookEventTypes, webhookLimits, webhookMessages } from './webhook.ts';

function idField(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
}

const endpointIdSchema = idField(webhookErrors.notFound.msg);

const urlSchema = z
  .string({ error: webhookMessages.urlEmpty })
  .trim()
  .min(1, webhookMessages.urlEmpty)
  .max(webhookLimits.urlMax, webhookMessages.urlTooLong)
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), webhookMessages.urlInvalid);

const eventsSchema = z
  .array(z.enum(webhookEventTypes, { error: webhookMessages.eventUnknown }), { error: webhookMessages.eventsEmpty })
  .min(1, webhookMessages.eventsEmpty)
  .max(webhookEventTypes.length, webhookMessages.eventUnknown)
  .transform((events) => [...new Set(events)]);

const endpointOnly = z.object({ endpointId: endpointIdSchema });

/** One zod schema per webhook call (webhook-calls.ts). */
export const webhookRequests = {
  list: z.object({}),
  create: z.object({ url: urlSchema, events: eventsSchema }),
  update: z.object({ endpointId: endpointIdSchema, url: urlSchema, events: eventsSchema, isActive: z.boolean({ error: '请求参数有误' }) }),
  remove: endpointOnly,
  revealSecret: endpointOnly,
  rotateSecret: endpointOnly,
  sendTest: endpointOnly,
  replay: z.object({ deliveryId: idField(webhookErrors.deliveryNotFound.msg) }),
};
