import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { createElement, type ComponentType } from 'react';
import type { Thing, WithContext } from 'schema-dts';
import type { PageState, ShellState } from '../../contract/shell.ts';
import { PageIds } from '../../web/lib/page-ids.tsx';
import { renderToStringWithKeptMarkup } from './server-markup-cache.ts';

/** What a page's loader is given; anything else it needs it closes over at registration. */
export interface PageContext {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Readonly<Record<string, string>>;
  /** The first value of each query parameter. */
  query: Readonly<Record<string, string | undefined>>;
  userId: number | null;
}

/** What search engines and link previews read from a page's head (html-document.ts). */
export interface PageSeo {
  /**
   * The page's own address, path and query, made absolute with the public origin: only the query
   * parameters that say which page this is (a page number, a keyword), never tracking or view state.
   * Default: the request path without its query.
   */
  canonicalPath?: string;
  /** og:image: a picture of the page's subject (a path on this site or an absolute URL). */
  image?: string | null;
  /** og:type; website by default. */
  ogType?: 'website' | 'article' | 'product';
  /** noindex, follow: pages that are nobody's search result (member pages, later result pages). */
  isNoIndex?: boolean;
  /** schema.org blocks, each sent as <script type="application/ld+json">. */
  structuredData?: readonly WithContext<Thing>[];
}

export interface LoadedPage<Data> extends PageSeo {
  title: string;
  description?: string;
  data: Data;
  status?: number;
  /** Never kept by the visitors' page cache, whatever its address (a search that found nothing is counted each time it is asked). */
  isRenderedEachTime?: boolean;
  /** The shell this page shows instead of the request's (the console's preview of draft site content). */
  adjustShell?: (shell: ShellState) => ShellState;
}

/** A loader's answer that sends the visitor elsewhere instead of rendering (a same-site path, http/redirect.ts). */
export interface PageRedirect {
  redirectTo: string;
}

export function isPageRedirect(value: object): value is PageRedirect {
  return 'redirectTo' in value;
}

export interface PageDefinition<Data> {
  /** Fastify route path, e.g. /product/detail/:productId */
  path: string;
  /** The browser entry (src/web/entries/{entry}.tsx, or src/web/console/entries/{name}.tsx for console/{name}: ssr/entry-files.ts), which hydrates the same component. */
  entry: string;
  component: ComponentType<PageState<Data>>;
  /** Visitors are sent to /account/login?return={path and query}. */
  isMemberOnly?: boolean;
  /** The route's config, read by its scope's hooks (a console page's staffAccess). */
  routeConfig?: FastifyContextConfig;
  /** Throw a not-found AppError for an unknown id: the 404 page is rendered with the shell. */
  load(context: PageContext): Promise<LoadedPage<Data> | PageRedirect>;
}

/** A loaded page, ready to render once the shell is known. */
export interface PreparedPage extends PageSeo {
  title: string;
  description?: string;
  status?: number;
  isRenderedEachTime?: boolean;
  render(shell: ShellState): { bodyHtml: string; state: PageState<unknown> };
}

/** A page of any data type: its component and loader are closed over, so no type is erased. */
export interface Page {
  path: string;
  entry: string;
  /** The component's name, for the check that the entry hydrates the same component. */
  componentName: string;
  isMemberOnly: boolean;
  routeConfig: FastifyContextConfig;
  prepare(context: PageContext): Promise<PreparedPage | PageRedirect>;
}

export function definePage<Data>(definition: PageDefinition<Data>): Page {
  return {
    path: definition.path,
    entry: definition.entry,
    componentName: definition.component.displayName ?? definition.component.name,
    isMemberOnly: definition.isMemberOnly ?? false,
    routeConfig: definition.routeConfig ?? {},
    async prepare(context) {
      const loaded = await definition.load(context);
      if (isPageRedirect(loaded)) return loaded;
      const { data, adjustShell, ...meta } = loaded;
      return {
        ...meta,
        isNoIndex: (meta.isNoIndex ?? false) || (definition.isMemberOnly ?? false),
        render(requestShell) {
          const shell = adjustShell ? adjustShell(requestShell) : requestShell;
          const state: PageState<Data> = { shell, data };
          const bodyHtml = renderToStringWithKeptMarkup(createElement(PageIds, null, createElement(definition.component, state)));
          return { bodyHtml, state };
        },
      };
    },
  };
}
