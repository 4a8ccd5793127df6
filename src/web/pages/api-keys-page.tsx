import { apiKeyLimits, openPlatformPaths, type ApiKeyListData, type ApiKeyView } from '../../contract/open-api.ts';
import { formatBeijingTime } from '../../contract/time.ts';
import { useCopyText } from '../features/invite/use-copy-text.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { useApiKeys } from '../features/open-platform/use-api-keys.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

function timeText(ms: number | null): string {
  return ms === null ? '—' : formatBeijingTime(ms);
}

function CreatedKey({ apiKey, isSandbox, onClose }: { apiKey: string; isSandbox: boolean; onClose: () => void }) {
  const { isCopied, copy } = useCopyText('密钥已复制');
  return (
    <section className="person-panel api-key-created" role="alert" aria-label="新密钥" data-testid="created-key">
      <h2 className="person-panel__title">{isSandbox ? '新沙箱密钥已创建' : '新密钥已创建'}</h2>
      <p className="api-key-created__warn">请立即复制并妥善保存。密钥只显示这一次，关闭后无法再次查看；遗失请停用后重新创建。</p>
      <div className="api-key-created__row">
        <input
          className="api-key-created__value"
          readOnly
          value={apiKey}
          aria-label="API 密钥"
          data-testid="created-key-value"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="api-btn api-btn--primary" onClick={() => void copy(apiKey)}>
          {isCopied ? '已复制' : '复制'}
        </button>
        <button type="button" className="api-btn" onClick={onClose}>
          我已保存
        </button>
      </div>
    </section>
  );
}

type ApiKeysState = ReturnType<typeof useApiKeys>;

/** The name and kind of a new key; a kind at its limit cannot be created. */
function CreateKeyForm({ keys }: { keys: ApiKeysState }) {
  const { data } = keys;
  return (
    <form
      className="api-keys__form"
      onSubmit={(event) => {
        event.preventDefault();
        void keys.create();
      }}
    >
      <label htmlFor="api-key-name">密钥名称</label>
      <input
        id="api-key-name"
        value={keys.name}
        maxLength={apiKeyLimits.nameMax}
        placeholder="如：ERP 同步、采购脚本"
        onChange={(event) => keys.setName(event.target.value)}
      />
      <fieldset className="api-keys__kind">
        <legend>密钥类型</legend>
        <label>
          <input type="radio" name="api-key-kind" checked={!keys.isSandbox} onChange={() => keys.setIsSandbox(false)} />
          正式密钥
        </label>
        <label>
          <input type="radio" name="api-key-kind" checked={keys.isSandbox} onChange={() => keys.setIsSandbox(true)} />
          沙箱密钥（测试下单，不发货）
        </label>
      </fieldset>
      <button type="submit" className="api-btn api-btn--primary" disabled={keys.isBusy || keys.isFull}>
        {keys.isSandbox ? '创建沙箱密钥' : '创建密钥'}
      </button>
      <span className="api-keys__count" data-testid="api-key-active-count">
        有效密钥 {data.activeCount}/{apiKeyLimits.activePerMember}，沙箱 {data.sandboxActiveCount}/{apiKeyLimits.activePerMember}
      </span>
    </form>
  );
}

function KeyRow({ view, onRevoke, isBusy }: { view: ApiKeyView; onRevoke: (keyId: number) => void; isBusy: boolean }) {
  const isRevoked = view.revokedAt !== null;
  return (
    <tr data-testid="api-key-row" data-key-id={view.keyId} className={isRevoked ? 'api-keys__row--revoked' : undefined}>
      <td>{view.name}</td>
      <td data-testid="api-key-kind">{view.isSandbox ? <span className="api-keys__sandbox">沙箱</span> : '正式'}</td>
      <td className="api-keys__mono">{view.maskedKey}</td>
      <td>{timeText(view.createdAt)}</td>
      <td>{timeText(view.lastUsedAt)}</td>
      <td data-testid="api-key-today">{view.todayCount}</td>
      <td data-testid="api-key-week">{view.weekCount}</td>
      <td data-testid="api-key-state">{isRevoked ? `已停用（${timeText(view.revokedAt)}）` : '有效'}</td>
      <td>
        {isRevoked ? null : (
          <button
            type="button"
            className="api-btn api-btn--danger"
            disabled={isBusy}
            onClick={() => {
              if (window.confirm(`停用密钥「${view.name}」？停用后使用它的程序将无法调用接口，且不能恢复。`)) onRevoke(view.keyId);
            }}
          >
            停用
          </button>
        )}
      </td>
    </tr>
  );
}

function UsageChart({ data }: { data: ApiKeyListData }) {
  const most = Math.max(1, ...data.usage.map((day) => day.requestCount + day.limitedCount));
  return (
    <section className="person-panel" aria-label="近7日调用量">
      <h2 className="person-panel__title">近7日调用量（全部密钥）</h2>
      <ol className="api-usage" data-testid="api-usage">
        {data.usage.map((day) => (
          <li key={day.day} className="api-usage__day" data-testid="api-usage-day" data-day={day.day}>
            <span className="api-usage__bar" style={{ height: `${Math.round(((day.requestCount + day.limitedCount) / most) * 100)}%` }} aria-hidden="true" />
            <span className="api-usage__count">{day.requestCount}</span>
            {day.limitedCount > 0 ? <span className="api-usage__limited">超限 {day.limitedCount}</span> : null}
            <span className="api-usage__label">{day.day.slice(5)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** /user/api-keys (API密钥): the member's keys for the open platform, created (shown once) and revoked here, with their usage. */
export function ApiKeysPage({ shell, data: initial }: PageProps<ApiKeyListData>) {
  const keys = useApiKeys(initial);
  const { data } = keys;
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/api-keys">
        <section className="person-panel" aria-label="API密钥">
          <h1 className="person-panel__title">API密钥</h1>
          <p className="api-keys__intro">
            用密钥调用开放平台接口（/open/v1），查询商品、价格、库存，匹配 BOM，下单并跟踪订单。每个密钥每分钟最多 {data.ratePerMinute}{' '}
            次请求，每位会员最多同时拥有 {apiKeyLimits.activePerMember} 个有效正式密钥和 {apiKeyLimits.activePerMember} 个有效沙箱密钥。接口说明见{' '}
            <a href={openPlatformPaths.docs}>开放平台文档</a>。订单与询价的状态变化可推送到您的系统：<a href="/user/webhooks">Webhook 推送</a>。
          </p>
          <p className="api-keys__intro">
            沙箱密钥（xp_test_ 开头）用于联调：用它下的订单标记为沙箱订单，不占用库存、不会发货，不出现在“我的订单”中，只有沙箱密钥能查到，可用模拟支付付款。
          </p>
          <CreateKeyForm keys={keys} />
        </section>
        {keys.created ? <CreatedKey apiKey={keys.created.key} isSandbox={keys.created.view.isSandbox} onClose={keys.dismissCreated} /> : null}
        <section className="person-panel" aria-label="我的密钥">
          <div className="api-keys__head">
            <h2 className="person-panel__title">我的密钥</h2>
            <button type="button" className="api-btn" onClick={() => void keys.refresh()} disabled={keys.isBusy}>
              刷新用量
            </button>
          </div>
          {data.keys.length === 0 ? (
            <p className="api-keys__empty">还没有密钥，填写名称后点击“创建密钥”。</p>
          ) : (
            <table className="api-keys__table" data-testid="api-key-table">
              <thead>
                <tr>
                  <th scope="col">名称</th>
                  <th scope="col">类型</th>
                  <th scope="col">密钥</th>
                  <th scope="col">创建时间</th>
                  <th scope="col">最近使用</th>
                  <th scope="col">今日调用</th>
                  <th scope="col">近7日调用</th>
                  <th scope="col">状态</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {data.keys.map((view) => (
                  <KeyRow key={view.keyId} view={view} onRevoke={(keyId) => void keys.revoke(keyId)} isBusy={keys.isBusy} />
                ))}
              </tbody>
            </table>
          )}
        </section>
        <UsageChart data={data} />
      </MemberCentreLayout>
    </PageShell>
  );
}
