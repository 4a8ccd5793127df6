import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageState, ShellState } from '../../contract/shell.ts';

/** What a page's loader is given; anything else it needs it closes over at registration. */
export interface PageContext {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Readonly<Record<string, string>>;
  /** The first value of each query parameter. */
  query: Readonly<Record<string, string | undefined>>;
  userId: number | null;
}

export interface LoadedPage<Data> {
  title: string;
  description?: string;
  data: Data;
  status?: number;
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
  /** The browser entry, src/web/entries/{entry}.tsx, which hydrates the same component. */
  entry: string;
  component: ComponentType<PageState<Data>>;
  /** Visitors are sent to /account/login?return={path and query}. */
  isMemberOnly?: boolean;
  /** Throw a not-found AppError for an unknown id: the 404 page is rendered with the shell. */
  load(context: PageContext): Promise<LoadedPage<Data> | PageRedirect>;
}

/** A loaded page, ready to render once the shell is known. */
export interface PreparedPage {
  title: string;
  description?: string;
  status?: number;
  render(shell: ShellState): { bodyHtml: string; state: PageState<unknown> };
}

/** A page of any data type: its component and loader are closed over, so no type is erased. */
export interface Page {
  path: string;
  entry: string;
  /** The component's name, for the check that the entry hydrates the same component. */
  componentName: string;
  isMemberOnly: boolean;
  prepare(context: PageContext): Promise<PreparedPage | PageRedirect>;
}

export function definePage<Data>(definition: PageDefinition<Data>): Page {
  return {
    path: definition.path,
    entry: definition.entry,
    componentName: definition.component.displayName ?? definition.component.name,
    isMemberOnly: definition.isMemberOnly ?? false,
    async prepare(context) {
      const loaded = await definition.load(context);
      if (isPageRedirect(loaded)) return loaded;
      const { data, ...meta } = loaded;
      return {
        ...meta,
        render(shell) {
          const state: PageState<Data> = { shell, data };
          return { bodyHtml: renderToString(createElement(definition.component, state)), state };
        },
      };
    },
  };
}
