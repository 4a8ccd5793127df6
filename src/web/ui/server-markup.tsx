import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';

/** Keeps the element's server-rendered children: React does not hydrate inside an element given innerHTML. */
const keepServerChildren = { __html: '' };

/**
 * The server's store of markup that is a function of one object alone (server/ssr/server-markup-cache.ts):
 * the category menu's flyouts are the same HTML for every page until the category tree is reloaded.
 */
export interface ServerMarkupCache {
  htmlOf(key: object, name: string): string | undefined;
  /** Rendered once the page is done, outside the page's tree: cached content must not read a context. */
  keep(key: object, name: string, content: ReactNode): void;
}

export const ServerMarkupCacheContext = createContext<ServerMarkupCache | null>(null);

/**
 * What a cached markup is made from: `of`, a cached object that is replaced, never changed, when its
 * data changes, and `name`, which tells apart the markups of one object and spells out every other input.
 */
export interface ServerMarkupKey {
  of: object;
  name: string;
}

/**
 * An element whose content never changes in the browser (the footer, the sidebar's hover panels,
 * the category menu's flyouts): the server renders it, the browser keeps that markup as it came and
 * never loads the code that made it. Call it as
 * `<ServerMarkup …>{(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) && <Content />}</ServerMarkup>`:
 * Vite sets that test to false in the browser build, so `<Content />` and its imports drop out of
 * the page's JavaScript (docs/areas/operations.md "JavaScript budget"). Only for markup that is rendered
 * at hydration: an element the browser mounts later would stay empty. With `cacheKey`, the server
 * renders the content once per key object and reuses its HTML.
 */
export function ServerMarkup({
  as: Tag = 'div',
  cacheKey,
  children,
  ...attributes
}: { as?: 'div' | 'footer' | 'ul'; cacheKey?: ServerMarkupKey; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const cache = useContext(ServerMarkupCacheContext);
  if (!(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__)) {
    return <Tag {...attributes} dangerouslySetInnerHTML={keepServerChildren} suppressHydrationWarning />;
  }
  if (cache && cacheKey) {
    const html = cache.htmlOf(cacheKey.of, cacheKey.name);
    if (html !== undefined) return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
    cache.keep(cacheKey.of, cacheKey.name, children);
  }
  return <Tag {...attributes}>{children}</Tag>;
}
