import { requestErrors } from '../../contract/errors.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface ErrorPageData {
  status: 404 | 500;
}

export function ErrorPage({ shell, data }: PageProps<ErrorPageData>) {
  const isNotFound = data.status === 404;
  return (
    <PageShell shell={shell}>
      <section className="error-page">
        <h1 className="error-page__title">{isNotFound ? '抱歉，您访问的页面不存在' : requestErrors.internal.msg}</h1>
        <p className="error-page__hint">{isNotFound ? '页面可能已被删除或地址有误。' : '我们已记录此问题，请稍后刷新页面。'}</p>
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
