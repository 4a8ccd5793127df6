import type { ApiIndexData } from '../../contract/open-api.ts';
import { CodeTabs, EndpointDoc } from '../features/open-platform/endpoint-doc.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

function ApiDocNav({ data }: { data: ApiIndexData }) {
  return (
    <nav className="api-doc__nav" aria-label="接口目录">
      <h2 className="api-doc__nav-title">开放平台</h2>
      <a href="#overview">概述</a>
      <a href="#auth">认证</a>
      <a href="#limits">限流与用量</a>
      <a href="#pagination">分页</a>
      <a href="#response">响应格式</a>
      <a href="#errors">错误</a>
      <h3 className="api-doc__nav-title api-doc__nav-title--small">接口</h3>
      {data.endpoints.map((endpoint) => (
        <a key={endpoint.operationId} href={`#${endpoint.operationId}`}>
          {endpoint.summary}
        </a>
      ))}
      <a href="#webhooks">Webhook 推送</a>
    </nav>
  );
}

function OverviewSection({ data }: { data: ApiIndexData }) {
  return (
    <section className="api-doc__section" id="overview" aria-label="概述">
      <h1 className="api-doc__title">{data.title}</h1>
      <p>
        版本 {data.version}。以 JSON 查询商品、价格与库存，批量查询型号（每次最多 {data.batchMax} 个），匹配 BOM（每次最多 {data.bomLinesMax}{' '}
        行），用购物车或直接下单，按报价下单，并接收订单与询价的 Webhook 推送。接口地址：
        <code>{data.origin}/open/v1/…</code>；完整的 OpenAPI 3.1 文档：
        <a href={data.documentPath}>
          <code>{data.documentPath}</code>
        </a>
        ，可导入 Postman、Apifox 或生成客户端代码。
      </p>
      <ol className="api-doc__steps">
        <li>
          登录后进入会员中心 <a href={data.apiKeysPath}>API密钥</a>，填写名称创建密钥。密钥形如 <code>xp_live_12_…</code>
          ，只在创建时显示一次，请立即保存。
        </li>
        <li>
          在请求头 <code>X-Api-Key</code> 中带上密钥调用接口；或使用下面的签名请求，不在网络上传送密钥。
        </li>
        <li>密钥泄露或不再使用时，在同一页面停用；停用后使用它的请求返回 401。</li>
      </ol>
    </section>
  );
}

function AuthSection({ data }: { data: ApiIndexData }) {
  return (
    <section className="api-doc__section" id="auth" aria-label="认证">
      <h2>认证</h2>
      <p>
        <strong>方式一：密钥请求头。</strong>每个请求带 <code>X-Api-Key: 完整密钥</code>，请务必使用 HTTPS。
      </p>
      <p>
        <strong>方式二：签名请求。</strong>请求头 <code>X-Api-Key-Id</code>（密钥中的数字编号）、<code>X-Timestamp</code>（Unix 秒）、<code>X-Nonce</code>
        （16–64 位字母、数字、_ 或 -，每次不同）和 <code>X-Signature</code>：
      </p>
      <pre className="api-code__block api-code__block--formula">
        <code>
          {'X-Signature = hex(HMAC-SHA256(完整密钥,\n  方法 + "\\n" + 路径与查询串 + "\\n" + X-Timestamp + "\\n" + X-Nonce + "\\n" + hex(SHA256(请求体))))'}
        </code>
      </pre>
      <p>
        时间戳与服务器相差不得超过 {data.signatureSkewSeconds / 60} 分钟；同一密钥的 X-Nonce 不可重复使用（防重放）。没有请求体时对空字符串求
        SHA256。示例（批量查询）：
      </p>
      <CodeTabs example={data.signing} label="签名请求示例" />
    </section>
  );
}

function LimitsSection({ data }: { data: ApiIndexData }) {
  return (
    <section className="api-doc__section" id="limits" aria-label="限流与用量">
      <h2>限流与用量</h2>
      <p>
        每个密钥在任意 60 秒内最多 <strong data-testid="api-rate">{data.ratePerMinute}</strong>{' '}
        次请求（滑动窗口，不按整分钟清零，分钟交界处也不会多给）。超出时返回 HTTP <code>429</code> 和 <code>Retry-After</code>{' '}
        响应头（多少秒后可重试）；被拒绝的请求不占用次数，等 Retry-After 秒后即可继续。每个密钥每天的调用次数可在 <a href={data.apiKeysPath}>API密钥</a>{' '}
        页面查看（今日与近7日）。
      </p>
      <p>每个计入限流的响应（成功的全部，以及密钥校验通过后的失败）都带有以下响应头，程序可据此放慢请求，不必等到 429：</p>
      <table className="api-fields" data-testid="api-rate-headers">
        <thead>
          <tr>
            <th scope="col">响应头</th>
            <th scope="col">含义</th>
          </tr>
        </thead>
        <tbody>
          {data.rateLimitHeaders.map((header) => (
            <tr key={header.name}>
              <td className="api-fields__name">{header.name}</td>
              <td>{header.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        认证失败按“地址 + 密钥”分别计数：同一地址用同一密钥（或用本站没有的密钥）在 60 秒内失败超过 {data.failedChecksPerMinute} 次后，其后失败的请求返回{' '}
        <code>429</code>（<code>openApi.tooManyFailures</code>）。正确的密钥和签名始终可以通过，不会因为同一地址的其他程序用错密钥而被拒绝。
      </p>
    </section>
  );
}

function PaginationSection({ data }: { data: ApiIndexData }) {
  return (
    <section className="api-doc__section" id="pagination" aria-label="分页">
      <h2>分页</h2>
      <p>
        搜索每页 {data.searchPageSize} 条，<code>page</code> 从 1 开始，最多到第 {data.searchPagesMax} 页。响应中的 <code>total</code> 为结果总数，
        <code>pageCount</code> 为总页数；<code>hasMore</code> 为 <code>false</code> 时已是最后一页，停止翻页即可。超过最后一页的页码返回空的 <code>items</code>
        （<code>total</code> 不变），不会重复返回最后一页，所以“取到空页为止”的循环也能正确结束。
      </p>
    </section>
  );
}

function ResponseSection({ data }: { data: ApiIndexData }) {
  return (
    <section className="api-doc__section" id="response" aria-label="响应格式">
      <h2>响应格式</h2>
      <p>
        与商城其他接口相同，每个响应都是 <code>{'{"code": …, "data": …, "msg": "…"}'}</code>。成功时 HTTP 状态为 <code>200</code>，<code>code</code> 为{' '}
        <code>1</code>，结果在 <code>data</code> 中（各接口的「响应字段」即 <code>data</code> 的字段），<code>msg</code> 为空字符串：
      </p>
      <pre className="api-code__block" data-testid="api-success-example">
        <code>{data.responseExamples.success}</code>
      </pre>
      <p>
        价格均为含税人民币（每个价格旁的 <code>currency</code> 为 <code>CNY</code>）。交期 <code>leadTimeDays</code> 以工作日计：有现货为
        1（付款后最迟下一个工作日发货），无现货时为 <code>null</code>（交期未知，可通过 BOM 配单询价）。商品与阶梯价在文档中是可复用的 <code>Product</code>、
        <code>PriceTier</code> 结构。
      </p>
    </section>
  );
}

function ErrorsSection({ data }: { data: ApiIndexData }) {
  return (
    <section className="api-doc__section" id="errors" aria-label="错误">
      <h2>错误</h2>
      <p>
        失败时 HTTP 状态码表示类别，响应体的 <code>code</code> 与 HTTP 状态码相同，<code>data</code> 为 <code>null</code>，<code>msg</code>{' '}
        为中文说明（可直接展示给用户），<code>errorCode</code> 供程序判断，参数校验失败时 <code>field</code> 为出错的参数；500、503 时 <code>requestId</code>{' '}
        为请求编号，联系客服时请提供。请求方法不对（如对 <code>/open/v1/products/batch</code> 发 GET）时返回 <code>405</code>，<code>Allow</code>{' '}
        响应头列出该地址允许的方法。
      </p>
      <pre className="api-code__block" data-testid="api-failure-example">
        <code>{data.responseExamples.failure}</code>
      </pre>
      <table className="api-fields" data-testid="api-error-table">
        <thead>
          <tr>
            <th scope="col">HTTP 状态与 code</th>
            <th scope="col">errorCode</th>
            <th scope="col">msg</th>
          </tr>
        </thead>
        <tbody>
          {data.errorCodes.map((error) => (
            <tr key={error.errorCode}>
              <td>{error.status}</td>
              <td className="api-fields__name">{error.errorCode}</td>
              <td>{error.msg}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function WebhooksSection({ data }: { data: ApiIndexData }) {
  return (
    <section className="api-doc__section" id="webhooks" aria-label="Webhook 推送">
      <h2>Webhook 推送</h2>
      <p>
        在会员中心「Webhook 推送」页登记接收地址后，订单与询价的变化由本站以 HTTPS POST 推送到该地址。每个请求带下列请求头，请先用签名密钥验证{' '}
        <code>X-Xinpin-Signature</code>（对原始请求体，而不是解析后再序列化的 JSON），再处理事件；同一事件的 <code>id</code> 在重试时不变，可据此去重。
      </p>
      <h3 className="api-endpoint__subtitle">签名验证（Node.js）</h3>
      <pre className="api-code__block" data-testid="api-webhook-verification" role="region" tabIndex={0} aria-label="签名验证示例">
        <code>{data.webhookVerification}</code>
      </pre>
      {data.webhooks.map((webhook) => (
        <section className="api-endpoint" key={webhook.eventType} id={`webhook-${webhook.eventType}`} data-testid="api-webhook" aria-label={webhook.summary}>
          <h3 className="api-endpoint__title">
            <span className="api-method api-method--post">POST</span>
            <code className="api-endpoint__path">{webhook.eventType}</code>
            <span className="api-endpoint__summary">{webhook.summary}</span>
          </h3>
          <p className="api-endpoint__description">{webhook.description}</p>
          <ul className="api-endpoint__errors">
            {webhook.headers.map((header) => (
              <li key={header.name}>
                <code>{header.name}</code> {header.description}
              </li>
            ))}
          </ul>
          <h4 className="api-endpoint__subtitle">请求体示例</h4>
          <pre className="api-code__block api-endpoint__response" role="region" tabIndex={0} aria-label={`${webhook.summary} 请求体示例`}>
            <code>{webhook.bodyExample}</code>
          </pre>
        </section>
      ))}
    </section>
  );
}

/** /api/index (开放平台): the open API's documentation, rendered from its OpenAPI document. */
export function ApiIndexPage({ shell, data }: PageProps<ApiIndexData>) {
  return (
    <PageShell shell={shell}>
      <div className="api-doc">
        <ApiDocNav data={data} />
        <div className="api-doc__main">
          <OverviewSection data={data} />
          <AuthSection data={data} />
          <LimitsSection data={data} />
          <PaginationSection data={data} />
          <ResponseSection data={data} />
          <ErrorsSection data={data} />
          <section className="api-doc__section" aria-label="接口">
            <h2>接口</h2>
            {data.endpoints.map((endpoint) => (
              <EndpointDoc key={endpoint.operationId} endpoint={endpoint} />
            ))}
          </section>
          <WebhooksSection data={data} />
        </div>
      </div>
    </PageShell>
  );
}
