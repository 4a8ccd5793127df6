import type { FastifyInstance } from 'fastify';
import { cartAddRequest, cartQueryListRequest, cartRemoveRequest, cartSelectRequest, cartUpdateQuantityRequest } from '../../../contract/cart.ts';
import type { AppDeps } from '../../app-deps.ts';
import { apiRoute, WithMessage } from '../../http/api-route.ts';
import { addToCart, loadCart, removeFromCart, selectCartLines, updateCartQuantity } from './cart.service.ts';

/** /cart/api/…: members only; visitors get 401 and the browser goes to the login page. */
export function registerCartRoutes(app: FastifyInstance, deps: AppDeps) {
  const db = deps.db.kysely;
  apiRoute(app, { path: '/cart/api/queryList', body: cartQueryListRequest, member: true, handle: ({ userId }) => loadCart(db, userId) });
  apiRoute(app, {
    path: '/cart/api/add',
    body: cartAddRequest,
    member: true,
    handle: async ({ body, userId }) => new WithMessage(await addToCart(db, userId, body.productId, body.quantity), '已加入购物车'),
  });
  apiRoute(app, {
    path: '/cart/api/updateQuantity',
    body: cartUpdateQuantityRequest,
    member: true,
    handle: ({ body, userId }) => updateCartQuantity(db, userId, body.productId, body.quantity),
  });
  apiRoute(app, { path: '/cart/api/remove', body: cartRemoveRequest, member: true, handle: ({ body, userId }) => removeFromCart(db, userId, body.productIds) });
  apiRoute(app, {
    path: '/cart/api/select',
    body: cartSelectRequest,
    member: true,
    handle: ({ body, userId }) => selectCartLines(db, userId, body.productIds, body.isSelected),
  });
}
