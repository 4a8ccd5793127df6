import { webhookEventLabels, webhookEventTypes, webhookLimits, webhookMessages, type WebhookEndpointView } from '../../../contract/webhook.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import { usePageId } from '../../lib/page-ids.tsx';
import type { WebhooksState } from './use-webhooks.ts';

/** The URL and the events of a new endpoint, or of the one being edited. */
export function WebhookForm({ hooks }: { hooks: WebhooksState }) {
  const { draft, setDraft } = hooks;
  const urlId = usePageId();
  const isFull = draft.endpointId === null && hooks.data.endpoints.length >= webhookLimits.endpointsPerMember;
  const toggle = (type: (typeof webhookEventTypes)[number], isOn: boolean) =>
    setDraft({ ...draft, events: isOn ? [...draft.events, type] : draft.events.filter((event) => event !== type) });
  return (
    <form
      className="webhook-form"
      data-testid="webhook-form"
      onSubmit={(event) => {
        event.preventDefault();
        void hooks.save();
      }}
    >
      <label htmlFor={urlId}>接收地址</label>
      <input
        id={urlId}
        value={draft.url}
        maxLength={webhookLimits.urlMax}
        placeholder="https://erp.example.com/xinpin/webhook"
        onChange={(event) => setDraft({ ...draft, url: event.target.value })}
      />
      <fieldset className="webhook-form__events">
        <legend>订阅事件</legend>
        {webhookEventTypes.map((type) => (
          <label key={type}>
            <input type="checkbox" checked={draft.events.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
            {webhookEventLabels[type]} <code>{type}</code>
          </label>
        ))}
      </fieldset>
      <div className="webhook-form__actions">
        <button type="submit" className="api-btn api-btn--primary" disabled={hooks.isBusy || isFull}>
          {draft.endpointId === null ? '添加接收地址' : '保存修改'}
        </button>
        {draft.endpointId === null ? null : (
          <button type="button" className="api-btn" onClick={hooks.cancelEdit}>
            取消
          </button>
        )}
        <span className="api-keys__count">
          已添加 {hooks.data.endpoints.length}/{webhookLimits.endpointsPerMember}
        </span>
      </div>
    </form>
  );
}

/** The signing secret on show: after creation or rotation (save it now), or on demand. */
export function WebhookSecretPanel({ hooks }: { hooks: WebhooksState }) {
  if (!hooks.secret) return null;
  return (
    <section className="person-panel api-key-created" role="alert" aria-label="签名密钥" data-testid="webhook-secret">
      <h2 className="person-panel__title">{hooks.secret.isNew ? '新的签名密钥' : '签名密钥'}</h2>
      <p className="api-key-created__warn">用它验证每次推送的 X-Xinpin-Signature；请妥善保存，不要写进网页或前端代码。</p>
      <div className="api-key-created__row">
        <input className="api-key-created__value" readOnly value={hooks.secret.secret} aria-label="签名密钥" data-testid="webhook-secret-value" />
        <button type="button" className="api-btn" onClick={hooks.hideSecret}>
          隐藏
        </button>
      </div>
    </section>
  );
}

function EndpointRow({ endpoint, hooks }: { endpoint: WebhookEndpointView; hooks: WebhooksState }) {
  const { isBusy } = hooks;
  return (
    <tr data-testid="webhook-endpoint" data-endpoint-id={endpoint.endpointId}>
      <td className="api-keys__mono webhook__url">{endpoint.url}</td>
      <td>{endpoint.events.map((type) => webhookEventLabels[type]).join('、')}</td>
      <td data-testid="webhook-endpoint-state">{endpoint.isActive ? '启用' : '已暂停'}</td>
      <td>{formatBeijingTime(endpoint.createdAt)}</td>
      <td className="webhook__actions">
        <button type="button" className="api-btn" disabled={isBusy} onClick={() => void hooks.act('sendTest', endpoint.endpointId, webhookMessages.testQueued)}>
          发送测试
        </button>
        <button type="button" className="api-btn" disabled={isBusy} onClick={() => hooks.edit(endpoint)}>
          编辑
        </button>
        <button type="button" className="api-btn" disabled={isBusy} onClick={() => void hooks.setActive(endpoint, !endpoint.isActive)}>
          {endpoint.isActive ? '暂停' : '启用'}
        </button>
        <button type="button" className="api-btn" disabled={isBusy} onClick={() => void hooks.showSecret(endpoint.endpointId, false)}>
          查看密钥
        </button>
        <button
          type="button"
          className="api-btn"
          disabled={isBusy}
          onClick={() => {
            if (window.confirm('更换签名密钥？旧密钥立即失效，接收方须改用新密钥验签。')) void hooks.showSecret(endpoint.endpointId, true);
          }}
        >
          更换密钥
        </button>
        <button
          type="button"
          className="api-btn api-btn--danger"
          disabled={isBusy}
          onClick={() => {
            if (window.confirm(`删除接收地址 ${endpoint.url}？它的投递记录一并删除。`)) void hooks.act('remove', endpoint.endpointId, webhookMessages.deleted);
          }}
        >
          删除
        </button>
      </td>
    </tr>
  );
}

export function WebhookEndpoints({ hooks }: { hooks: WebhooksState }) {
  if (hooks.data.endpoints.length === 0) return <p className="api-keys__empty">还没有接收地址，填写地址并选择事件后点击“添加接收地址”。</p>;
  return (
    <table className="api-keys__table webhook-table" data-testid="webhook-endpoints">
      <thead>
        <tr>
          <th scope="col">接收地址</th>
          <th scope="col">订阅事件</th>
          <th scope="col">状态</th>
          <th scope="col">添加时间</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {hooks.data.endpoints.map((endpoint) => (
          <EndpointRow key={endpoint.endpointId} endpoint={endpoint} hooks={hooks} />
        ))}
      </tbody>
    </table>
  );
}
