import { usePageId } from '../../lib/page-ids.tsx';
import { useState } from 'react';
import type { ApiEndpointDoc, ApiExampleDoc, ApiFieldDoc } from '../../../contract/open-api.ts';

const languages: { key: keyof ApiExampleDoc; label: string }[] = [
  { key: 'curl', label: 'curl' },
  { key: 'python', label: 'Python' },
  { key: 'javascript', label: 'JavaScript' },
  { key: 'typescript', label: 'TypeScript' },
];

/** One example in several languages; without JavaScript the first stays shown. */
export function CodeTabs({ example, label }: { example: ApiExampleDoc | Partial<ApiExampleDoc>; label: string }) {
  const shown = languages.filter((language) => example[language.key]);
  const [current, setCurrent] = useState(shown[0]?.key ?? 'curl');
  const idPrefix = usePageId();
  return (
    <div className="api-code" data-testid="api-example">
      <div className="api-code__tabs" role="tablist" aria-label={label}>
        {shown.map((language) => (
          <button
            key={language.key}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${language.key}`}
            aria-controls={`${idPrefix}-panel-${language.key}`}
            aria-selected={language.key === current}
            className={language.key === current ? 'api-code__tab api-code__tab--active' : 'api-code__tab'}
            onClick={() => setCurrent(language.key)}
          >
            {language.label}
          </button>
        ))}
      </div>
      {shown.map((language) => (
        <pre
          key={language.key}
          className="api-code__block"
          role="tabpanel"
          id={`${idPrefix}-panel-${language.key}`}
          aria-labelledby={`${idPrefix}-tab-${language.key}`}
          hidden={language.key !== current}
          data-language={language.key}
          // Long lines scroll: the panel takes the focus so a keyboard can scroll it.
          tabIndex={0}
        >
          <code>{example[language.key]}</code>
        </pre>
      ))}
    </div>
  );
}

function FieldTable({ title, fields, hasPlace }: { title: string; fields: ApiFieldDoc[]; hasPlace: boolean }) {
  if (fields.length === 0) return null;
  return (
    <>
      <h4 className="api-endpoint__subtitle">{title}</h4>
      <table className="api-fields">
        <thead>
          <tr>
            <th scope="col">名称</th>
            {hasPlace ? <th scope="col">位置</th> : null}
            <th scope="col">类型</th>
            <th scope="col">必填</th>
            <th scope="col">说明</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name}>
              <td className="api-fields__name">{field.name}</td>
              {hasPlace ? <td>{field.place}</td> : null}
              <td className="api-fields__type">{field.type}</td>
              <td>{field.isRequired ? '是' : '否'}</td>
              <td>{field.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function EndpointDoc({ endpoint }: { endpoint: ApiEndpointDoc }) {
  return (
    <section className="api-endpoint" id={endpoint.operationId} data-testid="api-endpoint" aria-label={endpoint.summary}>
      <h3 className="api-endpoint__title">
        <span className={`api-method api-method--${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>
        <code className="api-endpoint__path">{endpoint.path}</code>
        <span className="api-endpoint__summary">{endpoint.summary}</span>
      </h3>
      <p className="api-endpoint__description">{endpoint.description}</p>
      <FieldTable title="参数" fields={endpoint.parameters} hasPlace />
      <FieldTable title="请求体（JSON）" fields={endpoint.bodyFields} hasPlace={false} />
      <FieldTable title="响应字段（data）" fields={endpoint.responseFields} hasPlace={false} />
      <h4 className="api-endpoint__subtitle">错误状态</h4>
      <ul className="api-endpoint__errors">
        {endpoint.errorStatuses.map((error) => (
          <li key={error.status}>
            <code>{error.status}</code> {error.description}
          </li>
        ))}
      </ul>
      <h4 className="api-endpoint__subtitle">请求示例</h4>
      {endpoint.isForSandboxKey ? <p>仅限沙箱密钥（xp_test_ 开头）：示例中的 YOUR_SANDBOX_API_KEY 请换成你的沙箱密钥。</p> : null}
      <CodeTabs example={endpoint.example} label={`${endpoint.summary} 示例`} />
      <h4 className="api-endpoint__subtitle">响应示例</h4>
      <pre
        className="api-code__block api-endpoint__response"
        data-testid="api-response-example"
        role="region"
        tabIndex={0}
        aria-label={`${endpoint.summary} 响应示例`}
      >
        <code>{endpoint.responseExample}</code>
      </pre>
    </section>
  );
}
