import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { cartMessages } from '../../../contract/cart.ts';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { cartRequests } from '../../../contract/cart-requests.ts';
import type { Database } from '../../db/database.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { addToCart, loadCart, removeFromCart, selectCartLines, updateCartCustomerPartNo, updateCartQuantity } from './cart.service.ts';

export function registerCartRoutes(app: FastifyInstance, db: Kysely<Database>) {
  registerCalls(app, cartCalls, cartRequests, {
    queryList: ({ userId }) => loadCart(db, userId),
    add: async ({ body, userId }) => new WithMessage(await addToCart(db, userId, body.productId, body.quantity), cartMessages.added),
    updateQuantity: ({ body, userId }) => updateCartQuantity(db, userId, body.productId, body.quantity),
    updateCustomerPartNo: ({ body, userId }) => updateCartCustomerPartNo(db, userId, body.productId, body.customerPartNo),
    remove: ({ body, userId }) => removeFromCart(db, userId, body.productIds),
    select: ({ body, userId }) => selectCartLines(db, userId, body.productIds, body.isSelected),
  });
}
