import { openPlatformPaths } from '../../contract/open-api.ts';
import { webhookHeaders, webhookLimits, webhookRetryDelaysMs, type WebhookPageData } from '../../contract/webhook.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { useWebhooks } from '../features/webhook/use-webhooks.ts';
import { WebhookDeliveryLog } from '../features/webhook/webhook-delivery-log.tsx';
import { WebhookEndpoints, WebhookForm, WebhookSecretPanel } from '../features/webhook/webhook-endpoints.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

function minutesText(ms: number): string {
  return ms >= 3_600_000 ? `${String(ms / 3_600_000)} 小时` : `${String(ms / 60_000)} 分钟`;
}

/** /user/webhooks (Webhook推送): endpoints that receive signed order and quotation events, and the delivery log with 重新发送. */
export function WebhooksPage({ shell, data: initial }: PageProps<WebhookPageData>) {
  const hooks = useWebhooks(initial);
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/webhooks">
        <section className="person-panel" aria-label="Webhook推送">
          <h1 className="person-panel__title">Webhook 推送</h1>
          <p className="api-keys__intro">
            订单付款、发货、完成、取消、退款、到货日期变更和询价报价时，本站向您的接收地址 POST 一条 JSON 事件（id、type、createdAt、data，金额以分为单位）。
            请求头 <code>{webhookHeaders.signature}</code> 为 <code>v1=hex(HMAC-SHA256(签名密钥, {webhookHeaders.timestamp} + &quot;.&quot; + 请求体))</code>，
            请验证签名并拒绝时间戳相差超过 5 分钟的请求。{webhookLimits.timeoutMs / 1000} 秒内返回 2xx 即为成功，否则依次在{' '}
            {webhookRetryDelaysMs.map(minutesText).join('、')}后重试，仍失败则标记为已失败。同一事件的 id 不变，可据此去重。 详见{' '}
            <a href={openPlatformPaths.docs}>开放平台文档</a>。
          </p>
          <WebhookForm hooks={hooks} />
        </section>
        <WebhookSecretPanel hooks={hooks} />
        <section className="person-panel" aria-label="已添加的接收地址">
          <h2 className="person-panel__title">接收地址</h2>
          <WebhookEndpoints hooks={hooks} />
        </section>
        <section className="person-panel" aria-label="投递记录">
          <div className="api-keys__head">
            <h2 className="person-panel__title">投递记录（最近 {webhookLimits.logSize} 条）</h2>
            <button type="button" className="api-btn" onClick={() => void hooks.refresh()} disabled={hooks.isBusy}>
              刷新
            </button>
          </div>
          <WebhookDeliveryLog hooks={hooks} />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
