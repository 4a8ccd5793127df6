import { z } from 'zod';
import { graphCodeRule } from './account.ts';
import { contactCompanyRule, contactEmailRule, contactMessageRule, contactNameRule } from './contact.ts';
import { phoneSchema, ruleSchema } from './rules-requests.ts';

/** The request schemas of contactCalls. The browser imports this file for types only. */
export const contactRequests = {
  /** The form; graphCode once the server asked for one (graphCodeErrors.required). */
  send: z.object({
    name: ruleSchema(contactNameRule),
    phone: phoneSchema,
    email: ruleSchema(contactEmailRule).optional().default(''),
    company: ruleSchema(contactCompanyRule).optional().default(''),
    message: ruleSchema(contactMessageRule),
    graphCode: ruleSchema(graphCodeRule).optional(),
  }),
};
