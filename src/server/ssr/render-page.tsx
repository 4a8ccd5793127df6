import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginPath } from '../../contract/account.ts';
import type { ShellState } from '../../contract/shell.ts';
import { requestErrors } from '../../contract/errors.ts';
import { redirectTo } from '../http/redirect.ts';
import { ErrorPage } from '../../web/pages/error-page.tsx';
import type { ErrorPageStatus } from '../http/error-handler.ts';
import type { PageAssets } from './assets.ts';
import { htmlDocument } from './html-document.ts';
import { definePage, isPageRedirect, type Page, type PageContext, type PreparedPage } from './page-registry.ts';
import { pageParamsOf, pageQueryOf } from './page-query.ts';

/** The shell state of this request: a feature's service, handed in by app.ts. */
export type ShellLoader = (request: FastifyRequest) => Promise<ShellState>;

export interface RendererOptions {
  siteName: string;
  /** The store's address as the outside world writes it (http/public-origin.ts), for canonical and og: URLs. */
  originOf: (request: FastifyRequest) => string;
  assets: PageAssets;
  loadShell: ShellLoader;
}

const errorPage = (status: ErrorPageStatus, requestId: string | undefined) =>
  definePage({ path: '', entry: 'error', component: ErrorPage, load: () => Promise.resolve({ title: '', data: { status, requestId } }) });

const errorPageTitles: Record<ErrorPageStatus, string> = { 400: requestErrors.badUrl.msg, 404: '页面不存在', 500: '服务器繁忙', 503: '服务暂时不可用' };

/** The request's path without its query: a page's canonical address unless its loader names one. */
function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

export function createPageRenderer({ siteName, originOf, assets, loadShell }: RendererOptions) {
  async function send(request: FastifyRequest, reply: FastifyReply, entry: string, prepared: PreparedPage) {
    const shell = await loadShell(request);
    const { bodyHtml, state } = prepared.render(shell);
    const { headTags, bodyTags } = await assets.tagsFor(entry, request.url);
    const origin = originOf(request);
    const html = htmlDocument({
      title: prepared.title,
      description: prepared.description ?? `${siteName}：电子元器件采购网上商城，现货库存，2小时发货。`,
      seo: {
        canonicalUrl: new URL(prepared.canonicalPath ?? pathOf(request), origin).href,
        siteName,
        ogType: prepared.ogType ?? 'website',
        imageUrl: prepared.image ? new URL(prepared.image, origin).href : null,
        isNoIndex: prepared.isNoIndex ?? false,
        structuredData: prepared.structuredData ?? [],
      },
      headTags,
      bodyHtml,
      state,
      bodyTags,
    });
    return reply
      .status(prepared.status ?? 200)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  function contextOf(request: FastifyRequest, reply: FastifyReply): PageContext {
    return { request, reply, params: pageParamsOf(request.params), query: pageQueryOf(request.query), userId: request.visitor.userId };
  }

  async function renderErrorPage(request: FastifyRequest, reply: FastifyReply, status: ErrorPageStatus) {
    const page = errorPage(status, status >= 500 ? request.id : undefined);
    const prepared = await page.prepare({ request, reply, params: {}, query: {}, userId: null });
    if (isPageRedirect(prepared)) return redirectTo(reply, prepared.redirectTo);
    const title = `${errorPageTitles[status]} - ${siteName}`;
    return send(request, reply, page.entry, { ...prepared, title, status, isNoIndex: true });
  }

  function registerPages(app: FastifyInstance, pages: readonly Page[]) {
    for (const page of pages) {
      app.get(page.path, async (request, reply) => {
        if (page.isMemberOnly && request.visitor.userId === null) return redirectTo(reply, loginPath(request.url));
        const prepared = await page.prepare(contextOf(request, reply));
        if (isPageRedirect(prepared)) return redirectTo(reply, prepared.redirectTo);
        if (reply.sent) return reply;
        return send(request, reply, page.entry, prepared);
      });
    }
  }

  return { renderErrorPage, registerPages };
}
