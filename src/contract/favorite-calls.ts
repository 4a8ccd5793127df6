import type { FavoriteAlertResponse, FavoriteListData, FavoriteRemoveManyResponse, FavoriteResponse } from './favorite.ts';
import type { favoriteRequests } from './favorite-requests.ts';
import { memberCall } from './call.ts';

type Requests = typeof favoriteRequests;

/** /user/api/favorite/…: members only (visitors get 401 and go to the login page). */
export const favoriteCalls = {
  add: memberCall<Requests['add'], FavoriteResponse>('/user/api/favorite/add'),
  remove: memberCall<Requests['remove'], FavoriteResponse>('/user/api/favorite/remove'),
  removeMany: memberCall<Requests['removeMany'], FavoriteRemoveManyResponse>('/user/api/favorite/removeMany'),
  /** Switches 到货提醒 and 降价提醒 of one favourite; an alert switched on starts from the part as it is now. */
  setAlert: memberCall<Requests['setAlert'], FavoriteAlertResponse>('/user/api/favorite/setAlert'),
  /** The same page /user/favorite renders, for the page to refresh itself after a change. */
  list: memberCall<Requests['list'], FavoriteListData>('/user/api/favorite/list'),
};
