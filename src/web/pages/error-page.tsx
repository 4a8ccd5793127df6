import { requestErrors } from '../../contract/errors.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface ErrorPageData {
  status: 400 | 404 | 500 | 503;
  /** The request's id on server failures, for a customer to quote to support (it is in every log line of the request). */
  requestId?: string;
}

const troubles = {
  400: { title: requestErrors.badUrl.msg, hint: '地址中有无法识别的字符或过长的部分，请检查后重试，或从首页进入。' },
  500: { title: requestErrors.internal.msg, hint: '我们已记录此问题，请稍后刷新页面。' },
  503: { title: requestErrors.unavailable.msg, hint: '系统正在恢复，请稍后刷新页面，您的购物车和订单不会丢失。' },
};

export function ErrorPage({ shell, data }: PageProps<ErrorPageData>) {
  const trouble = data.status === 404 ? null : troubles[data.status];
  return (
    <PageShell shell={shell}>
      <section className="error-page">
        <h1 className="error-page__title">{trouble?.title ?? '抱歉，您访问的页面不存在'}</h1>
        <p className="error-page__hint">{trouble?.hint ?? '页面可能已被删除或地址有误。'}</p>
        {data.requestId ? <p className="error-page__request-id">{`错误编号：${data.requestId}`}</p> : null}
        <p>
          <a className="button button--primary" href="/">
            返回首页
          </a>{' '}
          <a className="button" href="/catalogue">
            浏览分类
          </a>
        </p>
      </section>
    </PageShell>
  );
}
