import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageState } from '../../contract/shell.ts';
import type { AppDeps } from '../app-deps.ts';
import { loadShellState } from '../features/shell/shell.service.ts';
import type { PageAssets } from './assets.ts';
import { htmlDocument } from './html-document.ts';
import type { AnyPage, PageContext } from './page-registry.ts';
import { ErrorPage, type ErrorPageData } from '../../web/pages/error-page.tsx';

export interface RenderOptions<Data> {
  entry: string;
  component: ComponentType<PageState<Data>>;
  title: string;
  description?: string;
  data: Data;
  status?: number;
}

export function loginRedirectUrl(request: FastifyRequest): string {
  return `/account/login?return=${encodeURIComponent(request.url)}`;
}

export function createPageRenderer(deps: AppDeps, assets: PageAssets) {
  async function renderPage<Data>(request: FastifyRequest, reply: FastifyReply, options: RenderOptions<Data>) {
    const shell = await loadShellState(request, deps);
    const state: PageState<Data> = { shell, data: options.data };
    const Page = options.component;
    const bodyHtml = renderToString(<Page {...state} />);
    const { headTags, bodyTags } = await assets.tagsFor(options.entry, request.url);
    const html = htmlDocument({
      title: `${options.title}`,
      description: options.description ?? `${deps.config.siteName}：电子元器件采购网上商城，现货库存，2小时发货。`,
      headTags,
      bodyHtml,
      state,
      bodyTags,
    });
    return reply
      .status(options.status ?? 200)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  async function renderErrorPage(request: FastifyRequest, reply: FastifyReply, status: 404 | 500) {
    const data: ErrorPageData = { status };
    return renderPage(request, reply, {
      entry: 'error',
      component: ErrorPage,
      title: status === 404 ? `页面不存在 - ${deps.config.siteName}` : `服务器繁忙 - ${deps.config.siteName}`,
      data,
      status,
    });
  }

  function registerPages(app: FastifyInstance, pages: AnyPage[]) {
    for (const page of pages) {
      app.get(page.path, async (request, reply) => {
        if (page.isMemberOnly && request.visitor.userId === null) return reply.redirect(loginRedirectUrl(request), 302);
        const context: PageContext = {
          request,
          reply,
          deps,
          params: request.params as Record<string, string>,
          query: request.query as Record<string, string | undefined>,
          userId: request.visitor.userId,
        };
        const loaded = await page.load(context);
        if (reply.sent) return reply;
        return renderPage(request, reply, { entry: page.entry, component: page.component, ...loaded });
      });
    }
  }

  return { renderPage, renderErrorPage, registerPages };
}
