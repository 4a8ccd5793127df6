import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { carriersWithThreshold } from '../../../contract/delivery.ts';
import { orderMessages } from '../../../contract/order.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { orderRequests } from '../../../contract/order-requests.ts';
import type { OrderConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { loadFreeShippingThresholdCents } from '../content/site-settings.service.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { loadPickupAddress } from '../site-facts/site-facts.service.ts';
import { previewCheckout } from './checkout.service.ts';
import { placeOrder } from './order-placement.service.ts';
import { buyAgain, cancelOrder, confirmReceipt, listOrders, loadExpressInfo, loadOrderDetail } from './order.service.ts';
import type { TrackingProvider } from './tracking-provider.ts';

export function registerOrderRoutes(app: FastifyInstance, db: Kysely<Database>, orders: OrderConfig, tracking: TrackingProvider) {
  registerCalls(app, orderCalls, orderRequests, {
    preview: ({ body, userId }) => previewCheckout(db, userId, body),
    place: async ({ body, userId }) => new WithMessage(await placeOrder(db, orders, userId, body), orderMessages.placed),
    list: ({ body, userId }) => listOrders(db, userId, body),
    detail: ({ body, userId }) => loadOrderDetail(db, userId, body.orderNo),
    cancel: async ({ body, userId }) => new WithMessage(await cancelOrder(db, userId, body.orderNo), orderMessages.cancelled),
    confirmReceipt: async ({ body, userId }) => new WithMessage(await confirmReceipt(db, userId, body.orderNo), orderMessages.received),
    buyAgain: ({ body, userId }) => buyAgain(db, userId, body.orderNo),
    async expressList() {
      const [thresholdCents, pickupAddress] = await Promise.all([loadFreeShippingThresholdCents(db), loadPickupAddress(db)]);
      return { carriers: carriersWithThreshold(thresholdCents, pickupAddress), freeShippingThresholdCents: thresholdCents };
    },
    expressInfo: ({ body, userId }) => loadExpressInfo(db, tracking, userId, body.orderNo),
  });
}
