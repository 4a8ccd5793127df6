import { webhookPath } from '../../../contract/webhook.ts';
import { notFound } from '../../http/app-error.ts';
import { definePage } from '../../ssr/page-registry.ts';
import { WebhooksPage } from '../../../web/pages/webhooks-page.tsx';
import type { FeatureRegistration } from '../feature-registration.ts';
import { createWebhookDispatcher } from './webhook-dispatcher.ts';
import { registerWebhookRoutes } from './webhook.routes.ts';
import { listWebhooks, type WebhookContext } from './webhook.service.ts';

/** Signed webhooks: the member's endpoints and delivery log (/user/webhooks), and the dispatcher in each process. */
export const registerWebhookFeature: FeatureRegistration = (app, deps, pages) => {
  const isPrivateAllowed = deps.config.isWebhookPrivateAllowed;
  const context: WebhookContext = { db: deps.db, now: () => deps.clock.now(), isPrivateAllowed };
  const dispatcher = createWebhookDispatcher(deps.db, deps.logger, deps.clock, { isPrivateAllowed });
  app.addHook('onListen', async () => dispatcher.start());
  app.addHook('onClose', async () => dispatcher.close());
  registerWebhookRoutes(app, context);
  pages.push(
    definePage({
      path: webhookPath,
      entry: 'webhooks',
      component: WebhooksPage,
      isMemberOnly: true,
      async load({ userId }) {
        if (userId === null) throw notFound();
        return { title: `Webhook 推送 - ${deps.config.siteName}`, data: await listWebhooks(deps.db, userId) };
      },
    }),
  );
};
