import { definePage } from '../../ssr/page-registry.ts';
import { CartPage, type CartPageData } from '../../../web/pages/cart-page.tsx';
import { SettlementPage } from '../../../web/pages/settlement-page.tsx';
import type { FeatureRegistration } from '../all-features.ts';
import { registerCartRoutes } from './cart.routes.ts';
import { loadCart } from './cart.service.ts';

/** The cart (members only) and the settlement step it leads to. */
export const registerCartFeature: FeatureRegistration = (app, deps, pages) => {
  const siteName = deps.config.siteName;
  registerCartRoutes(app, deps);
  pages.push(
    definePage<CartPageData>({
      path: '/cart',
      entry: 'cart',
      component: CartPage,
      isMemberOnly: true,
      async load({ userId }) {
        const cart = await loadCart(deps.db.kysely, userId ?? 0);
        return { title: `我的购物车 - ${siteName}`, description: `${siteName}购物车`, data: { cart } };
      },
    }),
    definePage<null>({
      path: '/offer/settlement',
      entry: 'settlement',
      component: SettlementPage,
      isMemberOnly: true,
      async load() {
        return { title: `订单结算 - ${siteName}`, description: `${siteName}订单结算`, data: null };
      },
    }),
  );
};
