import type { FastifyInstance } from 'fastify';
import { favoriteRequest } from '../../../contract/catalog.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { apiRoute, WithMessage } from '../../http/api-route.ts';
import { addFavorite, removeFavorite } from './favorite.service.ts';

/** /user/api/favorite/add and /remove {productId}: members only (visitors get 401 → login). */
export function registerFavoriteRoutes(app: FastifyInstance, deps: ServiceDeps) {
  const db = deps.db;
  apiRoute(app, {
    path: '/user/api/favorite/add',
    body: favoriteRequest,
    member: true,
    handle: async ({ body, userId }) => new WithMessage(await addFavorite(db, userId, body.productId), '已加入收藏'),
  });
  apiRoute(app, {
    path: '/user/api/favorite/remove',
    body: favoriteRequest,
    member: true,
    handle: async ({ body, userId }) => new WithMessage(await removeFavorite(db, userId, body.productId), '已取消收藏'),
  });
}
