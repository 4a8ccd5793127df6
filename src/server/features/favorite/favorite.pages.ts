import { favoritePath, readFavoriteListQuery } from '../../../contract/favorite.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { FavoritePage } from '../../../web/pages/favorite-page.tsx';
import { listFavorites } from './favorite.service.ts';

/** 我的收藏 (members): the query (?q=&page=&size=) is the page's state. */
export function favoritePages({ db, config }: ServiceDeps): Page[] {
  return [
    definePage({
      path: favoritePath,
      entry: 'favorite',
      component: FavoritePage,
      isMemberOnly: true,
      async load({ query, userId }) {
        return {
          title: `我的收藏 - ${config.siteName}`,
          description: `${config.siteName}收藏的元器件：价格与库存变化提醒。`,
          data: await listFavorites(db, userId ?? 0, readFavoriteListQuery(query)),
        };
      },
    }),
  ];
}
