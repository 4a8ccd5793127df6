import { z } from 'zod';
import { recordIdField } from './content-requests.ts';
import { messageDeleteLimit, messageMessages } from './message.ts';

/** The request schemas of messageCalls, one per call. */
export const messageRequests = {
  /** {id}: one of the member's messages. */
  markRead: z.object({ id: recordIdField(messageMessages.idInvalid) }),
  /** {}: every message of the member. */
  readAll: z.object({}),
  /** {ids}: the member's own messages among them are deleted; others' and unknown ids are skipped. */
  delete: z.object({
    ids: z
      .array(recordIdField(messageMessages.idInvalid), { error: messageMessages.idsInvalid })
      .min(1, messageMessages.idsInvalid)
      .max(messageDeleteLimit, messageMessages.tooMany),
  }),
  /** {page, type, unread}: a page of the list, as /user/message/list?… renders it (lenient like the page). */
  list: z.object({
    page: z.number().int().min(1).max(100_000).optional(),
    type: z.number().int().min(1).max(7).nullable().optional(),
    unread: z.boolean().optional(),
    read: z.boolean().optional(),
  }),
  /** {}: the shell's unread count, BOM badge and latest unread messages. */
  summary: z.object({}),
};
