import type { FastifyInstance } from 'fastify';
import { notificationBodyLimit, paymentNotifyPaths, refundNotifyPaths } from '../../../contract/payment.ts';
import { paymentCalls, paymentDevCalls } from '../../../contract/payment-calls.ts';
import { paymentDevRequests, paymentRequests } from '../../../contract/payment-requests.ts';
import { registerCalls } from '../../http/api-route.ts';
import { receiveNotification, receiveRefundNotification } from './payment-notification.service.ts';
import { payOnAccount } from './payment-on-account.service.ts';
import { createPayment, listPaymentMethods, loadPaymentStatus, payByDevelopment, type PaymentContext } from './payment.service.ts';

export function registerPaymentRoutes(app: FastifyInstance, ctx: PaymentContext) {
  registerCalls(app, paymentCalls, paymentRequests, {
    methods: ({ body, userId }) => listPaymentMethods(ctx, userId, body.orderNo),
    create: ({ body, userId }) => createPayment(ctx, userId, body.orderNo, body.method),
    status: ({ body, userId }) => loadPaymentStatus(ctx, userId, body.orderNo),
    async payOnAccount({ body, userId }) {
      await payOnAccount(ctx, userId, body.orderNo);
      return loadPaymentStatus(ctx, userId, body.orderNo);
    },
  });
  // Outside development the path is simply unknown.
  if (ctx.config.payments.isDevelopmentEnabled) {
    registerCalls(app, paymentDevCalls, paymentDevRequests, {
      devPay: ({ body, userId }) => payByDevelopment(ctx, userId, body.orderNo),
    });
  }
  registerNotificationRoutes(app, ctx);
}

/**
 * POST /pay/notify/alipay (a form), /pay/notify/wechat and /pay/notify/wechat/refund (JSON), called by the providers: their
 * own scope reads every body as the exact text received (the signatures cover those bytes), up to
 * a small limit, and they need no anti-forgery token (no browser calls them).
 */
function registerNotificationRoutes(app: FastifyInstance, ctx: PaymentContext) {
  if (ctx.providers.notifying.length === 0) return;
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: notificationBodyLimit }, (_request, body, done) => {
      done(null, body);
    });
    for (const provider of ctx.providers.notifying) {
      scope.post(paymentNotifyPaths[provider.method], { bodyLimit: notificationBodyLimit, config: { skipsAntiForgery: true } }, async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const answer = await receiveNotification(ctx, provider, { headers: request.headers, rawBody, address: request.ip });
        return reply.status(answer.status).type(answer.contentType).send(answer.body);
      });
      if (provider.method === 'wechat' && provider.verifyRefundNotification) {
        scope.post(refundNotifyPaths.wechat, { bodyLimit: notificationBodyLimit, config: { skipsAntiForgery: true } }, async (request, reply) => {
          const rawBody = typeof request.body === 'string' ? request.body : '';
          const answer = await receiveRefundNotification(ctx, provider, { headers: request.headers, rawBody, address: request.ip });
          return reply.status(answer.status).type(answer.contentType).send(answer.body);
        });
      }
    }
  });
}
