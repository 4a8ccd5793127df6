import type { ContactSendResponse } from './contact.ts';
import type { contactRequests } from './contact-requests.ts';
import { publicCall } from './call.ts';

type Requests = typeof contactRequests;

/** /contact/api/…: anyone may leave a message. */
export const contactCalls = {
  /** Stores the message for staff (待处理); a repeated send needs the graphic code (graphCodeErrors.required). */
  send: publicCall<Requests['send'], ContactSendResponse>('/contact/api/send'),
};
