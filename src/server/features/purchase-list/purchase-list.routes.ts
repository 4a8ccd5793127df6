import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { purchaseListMessages } from '../../../contract/purchase-list.ts';
import { purchaseListCalls } from '../../../contract/purchase-list-calls.ts';
import { purchaseListRequests } from '../../../contract/purchase-list-requests.ts';
import type { Database } from '../../db/database.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { addPurchaseListLines, createPurchaseList } from './purchase-list-create.service.ts';
import { reorderPurchaseList } from './purchase-list-reorder.service.ts';
import {
  deletePurchaseList,
  listPurchaseLists,
  loadPurchaseList,
  removePurchaseListLines,
  renamePurchaseList,
  updatePurchaseListLine,
} from './purchase-list.service.ts';

/** purchaseListCalls: members only (visitors get 401 → login). */
export function registerPurchaseListRoutes(app: FastifyInstance, db: Kysely<Database>) {
  registerCalls(app, purchaseListCalls, purchaseListRequests, {
    list: ({ userId }) => listPurchaseLists(db, userId),
    create: async ({ body, userId }) => new WithMessage(await createPurchaseList(db, userId, body), purchaseListMessages.created),
    rename: async ({ body, userId }) => new WithMessage(await renamePurchaseList(db, userId, body.listId, body.name), purchaseListMessages.renamed),
    remove: async ({ body, userId }) => new WithMessage(await deletePurchaseList(db, userId, body.listId), purchaseListMessages.deleted),
    detail: ({ body, userId }) => loadPurchaseList(db, userId, body.listId),
    updateLine: async ({ body, userId }) => new WithMessage(await updatePurchaseListLine(db, userId, body), purchaseListMessages.lineSaved),
    removeLines: async ({ body, userId }) =>
      new WithMessage(await removePurchaseListLines(db, userId, body.listId, body.lineIds), purchaseListMessages.linesRemoved),
    addToCart: ({ body, userId }) => reorderPurchaseList(db, userId, body.listId, body.lineIds),
    addLines: ({ body, userId }) => addPurchaseListLines(db, userId, body.listId, body.text),
  });
}
