import type { FavoriteResponse } from './favorite.ts';
import type { favoriteRequests } from './favorite-requests.ts';
import { memberCall } from './call.ts';

type Requests = typeof favoriteRequests;

/** /user/api/favorite/…: members only (visitors get 401 and go to the login page). */
export const favoriteCalls = {
  add: memberCall<Requests['add'], FavoriteResponse>('/user/api/favorite/add'),
  remove: memberCall<Requests['remove'], FavoriteResponse>('/user/api/favorite/remove'),
};
