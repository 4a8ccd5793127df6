import { z } from 'zod';
import { recordIdField } from './content-requests.ts';
import { messageMessages } from './message.ts';

/** The request schemas of messageCalls, one per call. */
export const messageRequests = {
  /** {id}: one of the member's messages. */
  markRead: z.object({ id: recordIdField(messageMessages.idInvalid) }),
  /** {}: every message of the member. */
  readAll: z.object({}),
};
