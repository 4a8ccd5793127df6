import { quickOrderCalls } from '../../../contract/quick-order-calls.ts';
import { quickOrderRequests } from '../../../contract/quick-order-requests.ts';
import { registerCalls } from '../../http/api-route.ts';
import type { FeatureRegistration } from '../feature-registration.ts';
import { quickOrder } from './quick-order.service.ts';

/** 快速下单 (the desktop and mobile carts' box): one call under the cart's paths, no page of its own. */
export const registerQuickOrderFeature: FeatureRegistration = (app, { db }) => {
  registerCalls(app, quickOrderCalls, quickOrderRequests, {
    add: ({ body, userId }) => quickOrder(db, userId, body.text),
  });
};
