import { z } from 'zod';
import { recordIdField } from './content-requests.ts';

/** /user/api/message/markRead {id} */
export const markMessageReadRequest = z.object({ id: recordIdField('消息编号有误') });
export type MarkMessageReadRequest = z.infer<typeof markMessageReadRequest>;

/** /user/api/message/readAll {} → how many became read. */
export const readAllMessagesRequest = z.object({});
