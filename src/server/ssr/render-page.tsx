import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginPath } from '../../contract/account.ts';
import type { ShellState } from '../../contract/shell.ts';
import { ErrorPage } from '../../web/pages/error-page.tsx';
import type { PageAssets } from './assets.ts';
import { htmlDocument } from './html-document.ts';
import { definePage, type Page, type PageContext, type PreparedPage } from './page-registry.ts';

/** The shell state of this request: a feature's service, handed in by app.ts. */
export type ShellLoader = (request: FastifyRequest) => Promise<ShellState>;

export interface RendererOptions {
  siteName: string;
  assets: PageAssets;
  loadShell: ShellLoader;
}

/** The first value of each query parameter: `?key=a&key=b` reads as `a`, as a browser form would send one. */
function firstValues(query: unknown): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  if (typeof query !== 'object' || query === null) return values;
  for (const [name, value] of Object.entries(query)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') values[name] = first;
  }
  return values;
}

function stringValues(params: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (typeof params !== 'object' || params === null) return values;
  for (const [name, value] of Object.entries(params)) if (typeof value === 'string') values[name] = value;
  return values;
}

const errorPage = (status: 404 | 500) =>
  definePage({ path: '', entry: 'error', component: ErrorPage, load: () => Promise.resolve({ title: '', data: { status } }) });

export function createPageRenderer({ siteName, assets, loadShell }: RendererOptions) {
  async function send(request: FastifyRequest, reply: FastifyReply, entry: string, prepared: PreparedPage) {
    const shell = await loadShell(request);
    const { bodyHtml, state } = prepared.render(shell);
    const { headTags, bodyTags } = await assets.tagsFor(entry, request.url);
    const html = htmlDocument({
      title: prepared.title,
      description: prepared.description ?? `${siteName}：电子元器件采购网上商城，现货库存，2小时发货。`,
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
    return { request, reply, params: stringValues(request.params), query: firstValues(request.query), userId: request.visitor.userId };
  }

  async function renderErrorPage(request: FastifyRequest, reply: FastifyReply, status: 404 | 500) {
    const page = errorPage(status);
    const prepared = await page.prepare({ request, reply, params: {}, query: {}, userId: null });
    const title = status === 404 ? `页面不存在 - ${siteName}` : `服务器繁忙 - ${siteName}`;
    return send(request, reply, page.entry, { ...prepared, title, status });
  }

  function registerPages(app: FastifyInstance, pages: readonly Page[]) {
    for (const page of pages) {
      app.get(page.path, async (request, reply) => {
        if (page.isMemberOnly && request.visitor.userId === null) return reply.redirect(loginPath(request.url), 302);
        const prepared = await page.prepare(contextOf(request, reply));
        if (reply.sent) return reply;
        return send(request, reply, page.entry, prepared);
      });
    }
  }

  return { renderErrorPage, registerPages };
}
