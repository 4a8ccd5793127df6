import { formatBeijingTime } from '../../../contract/time.ts';
import { webhookDeliveryStateLabels, webhookEventLabels, type WebhookDeliveryView } from '../../../contract/webhook.ts';
import type { WebhooksState } from './use-webhooks.ts';

function eventLabelOf(type: string): string {
  return type in webhookEventLabels ? webhookEventLabels[type as keyof typeof webhookEventLabels] : type;
}

function resultOf(delivery: WebhookDeliveryView): string {
  if (delivery.attempts === 0) return '尚未发送';
  if (delivery.lastStatusCode !== null && delivery.lastError === '') return `HTTP ${String(delivery.lastStatusCode)}`;
  return delivery.lastError || '—';
}

function DeliveryRow({ delivery, hooks }: { delivery: WebhookDeliveryView; hooks: WebhooksState }) {
  return (
    <tr data-testid="webhook-delivery" data-delivery-id={delivery.deliveryId} data-event-id={delivery.eventId}>
      <td>
        {eventLabelOf(delivery.eventType)}
        <div className="api-keys__mono webhook__event-id">{delivery.eventId}</div>
        {delivery.replayOf === null ? null : <div className="webhook__replay">重新发送（原投递 #{delivery.replayOf}）</div>}
      </td>
      <td className="api-keys__mono webhook__url">{delivery.url}</td>
      <td>{formatBeijingTime(delivery.createdAt)}</td>
      <td data-testid="webhook-delivery-attempts">{delivery.attempts}</td>
      <td data-testid="webhook-delivery-state">{webhookDeliveryStateLabels[delivery.state]}</td>
      <td data-testid="webhook-delivery-result">{resultOf(delivery)}</td>
      <td>{delivery.nextAttemptAt === null ? '—' : formatBeijingTime(delivery.nextAttemptAt)}</td>
      <td>
        <button type="button" className="api-btn" disabled={hooks.isBusy} onClick={() => void hooks.replay(delivery.deliveryId)}>
          重新发送
        </button>
      </td>
    </tr>
  );
}

/** The last 100 deliveries, newest first, each with 重新发送. */
export function WebhookDeliveryLog({ hooks }: { hooks: WebhooksState }) {
  const { deliveries } = hooks.data;
  if (deliveries.length === 0) return <p className="api-keys__empty">还没有投递记录。点击“发送测试”可立即推送一条测试事件。</p>;
  return (
    <table className="api-keys__table webhook-table webhook-log" data-testid="webhook-deliveries">
      <thead>
        <tr>
          <th scope="col">事件</th>
          <th scope="col">接收地址</th>
          <th scope="col">时间</th>
          <th scope="col">尝试次数</th>
          <th scope="col">状态</th>
          <th scope="col">最近结果</th>
          <th scope="col">下次重试</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <DeliveryRow key={delivery.deliveryId} delivery={delivery} hooks={hooks} />
        ))}
      </tbody>
    </table>
  );
}
