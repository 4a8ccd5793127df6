import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import type { AnyPage } from '../ssr/page-registry.ts';
import { registerAccountFeature } from './account/account.feature.ts';
import { registerContentFeature } from './content/content.feature.ts';
import { registerMessageFeature } from './message/message.feature.ts';
import { registerCatalogFeature } from './catalog/catalog.feature.ts';
import { registerBrandFeature } from './brand/brand.feature.ts';
import { registerCartFeature } from './cart/cart.feature.ts';
import { registerFavoriteFeature } from './favorite/favorite.feature.ts';
import { registerHomeFeature } from './home/home.feature.ts';
import { registerNewsFeature } from './news/news.feature.ts';
import { registerMobileFeature } from './mobile/mobile.feature.ts';
import { registerSearchFeature } from './search/search.feature.ts';
import { registerImagesFeature } from './images/images.feature.ts';

/** Each feature adds its API routes to the app and its pages to the list. */
export type FeatureRegistration = (app: FastifyInstance, deps: AppDeps, pages: AnyPage[]) => void;

export const featureRegistrations: FeatureRegistration[] = [registerAccountFeature, registerContentFeature, registerMessageFeature, registerCatalogFeature, registerBrandFeature, registerCartFeature, registerFavoriteFeature, registerHomeFeature, registerNewsFeature, registerMobileFeature, registerSearchFeature, registerImagesFeature];
