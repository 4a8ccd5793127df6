import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { favoriteMessages } from '../../../contract/favorite.ts';
import { favoriteCalls } from '../../../contract/favorite-calls.ts';
import { favoriteRequests } from '../../../contract/favorite-requests.ts';
import type { Database } from '../../db/database.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { addFavorite, listFavorites, removeFavorite, removeFavorites, setFavoriteAlerts } from './favorite.service.ts';

/** favoriteCalls: members only (visitors get 401 → login). */
export function registerFavoriteRoutes(app: FastifyInstance, db: Kysely<Database>) {
  registerCalls(app, favoriteCalls, favoriteRequests, {
    add: async ({ body, userId }) => new WithMessage(await addFavorite(db, userId, body.productId), favoriteMessages.added),
    remove: async ({ body, userId }) => new WithMessage(await removeFavorite(db, userId, body.productId), favoriteMessages.removed),
    removeMany: async ({ body, userId }) => new WithMessage(await removeFavorites(db, userId, body.productIds), favoriteMessages.removedMany),
    setAlert: async ({ body, userId }) =>
      new WithMessage(await setFavoriteAlerts(db, userId, body.productId, { stock: body.stock, price: body.price }), favoriteMessages.alertSaved),
    list: async ({ body, userId }) => listFavorites(db, userId, body),
  });
}
