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
import type { PageCachePort } from './page-cache-port.ts';
import { sendKeptPage } from './kept-page-reply.ts';

/** The shell state of this request: a feature's service, handed in by app.ts. */
export type ShellLoader = (request: FastifyRequest) => Promise<ShellState>;

export interface RendererOptions {
  siteName: string;
  /** The store's address as the outside world writes it (http/public-origin.ts), for canonical and og: URLs. */
  originOf: (request: FastifyRequest) => string;
  assets: PageAssets;
  loadShell: ShellLoader;
  /** Visitors' public pages from memory (features/page-cache/); every page is rendered per request without it. */
  pageCache?: PageCachePort | null;
}

const errorPage = (status: ErrorPageStatus, requestId: string | undefined) =>
  definePage({ path: '', entry: 'error', component: ErrorPage, load: () => Promise.resolve({ title: '', data: { status, requestId } }) });

const errorPageTitles: Record<ErrorPageStatus, string> = { 400: requestErrors.badUrl.msg, 404: '页面不存在', 500: '服务器繁忙', 503: '服务暂时不可用' };

/** The request's path without its query: a page's canonical address unless its loader names one. */
function pathOf(request: FastifyRequest): string {
  return request.url.split('?', 1)[0] ?? '/';
}

/** The address of a path on this site: `//x` stays a path here (resolved against the origin it would be another host, `//` no URL at all). */
function urlOnSite(path: string, origin: string): string {
  return new URL(`${origin}${path.startsWith('/') ? '' : '/'}${path}`).href;
}

export function createPageRenderer({ siteName, originOf, assets, loadShell, pageCache = null }: RendererOptions) {
  async function send(request: FastifyRequest, reply: FastifyReply, entry: string, prepared: PreparedPage) {
    const html = await documentOf(request, entry, prepared);
    return reply
      .status(prepared.status ?? 200)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  async function documentOf(request: FastifyRequest, entry: string, prepared: PreparedPage): Promise<Buffer> {
    const shell = await loadShell(request);
    const { bodyHtml, state } = prepared.render(shell);
    const { headTags, bodyTags } = await assets.tagsFor(entry, request.url);
    const origin = originOf(request);
    return htmlDocument({
      title: prepared.title,
      description: prepared.description ?? `${siteName}：电子元器件采购网上商城，现货库存，2小时发货。`,
      seo: {
        canonicalUrl: urlOnSite(prepared.canonicalPath ?? pathOf(request), origin),
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
        const ticket = pageCache && request.visitor.userId === null ? await pageCache.ticketFor(request, page.path) : null;
        if (ticket?.cached) return sendKeptPage(request, reply, ticket.cached, 'hit');
        const prepared = await page.prepare(contextOf(request, reply));
        if (isPageRedirect(prepared)) return redirectTo(reply, prepared.redirectTo);
        if (reply.sent) return reply;
        // Only a page as it is when found is kept: a 404 or another status is rendered each time.
        if (ticket && (prepared.status ?? 200) === 200 && !prepared.isRenderedEachTime) {
          return sendKeptPage(request, reply, ticket.store(await documentOf(request, page.entry, prepared)), 'miss');
        }
        return send(request, reply, page.entry, prepared);
      });
    }
  }

  /**
   * The pages of a scope without the members' session (the console): no member-only check and no
   * visitors' cache; each route at `routeOf(path)` in its scope (a prefixed scope drops its prefix),
   * with its page's config for the scope's hooks.
   */
  function registerPagesWithoutVisitor(app: FastifyInstance, pages: readonly Page[], routeOf: (path: string) => string) {
    for (const page of pages) {
      app.get(routeOf(page.path), { config: page.routeConfig }, async (request, reply) => {
        const context = { request, reply, params: pageParamsOf(request.params), query: pageQueryOf(request.query), userId: null };
        const prepared = await page.prepare(context);
        if (isPageRedirect(prepared)) return redirectTo(reply, prepared.redirectTo);
        if (reply.sent) return reply;
        return send(request, reply, page.entry, prepared);
      });
    }
  }

  return { renderErrorPage, registerPages, registerPagesWithoutVisitor };
}
