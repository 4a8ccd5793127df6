import { definePage } from '../../ssr/page-registry.ts';
import { CartPage } from '../../../web/pages/cart-page.tsx';
import type { FeatureRegistration } from '../feature-registration.ts';
import { registerCartRoutes } from './cart.routes.ts';
import { loadCart } from './cart.service.ts';

/** The cart (members only); the settlement step it leads to is the order feature's. */
export const registerCartFeature: FeatureRegistration = (app, { db, config }, pages) => {
  const siteName = config.siteName;
  registerCartRoutes(app, db);
  pages.push(
    definePage({
      path: '/cart',
      entry: 'cart',
      component: CartPage,
      isMemberOnly: true,
      async load({ userId }) {
        const cart = await loadCart(db, userId ?? 0);
        return { title: `我的购物车 - ${siteName}`, description: `${siteName}购物车`, data: { cart } };
      },
    }),
  );
};
