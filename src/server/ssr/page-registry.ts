import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ComponentType } from 'react';
import type { PageState } from '../../contract/shell.ts';
import type { AppDeps } from '../app-deps.ts';

export interface PageContext {
  request: FastifyRequest;
  reply: FastifyReply;
  deps: AppDeps;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  userId: number | null;
}

export interface LoadedPage<Data> {
  title: string;
  description?: string;
  data: Data;
  status?: number;
}

export interface PageDefinition<Data> {
  /** Fastify route path, e.g. /product/detail/:productId */
  path: string;
  /** The browser entry, src/web/entries/{entry}.tsx */
  entry: string;
  component: ComponentType<PageState<Data>>;
  /** Visitors are sent to /account/login?return={path and query}. */
  isMemberOnly?: boolean;
  /** Throw notFound() for an unknown id: the 404 page is rendered with the shell. */
  load(context: PageContext): Promise<LoadedPage<Data>>;
}

/** Erases the page's data type so pages of every kind fit one list. */
export type AnyPage = PageDefinition<never>;

export function definePage<Data>(page: PageDefinition<Data>): AnyPage {
  return page as unknown as AnyPage;
}
