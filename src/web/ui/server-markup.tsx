import type { HTMLAttributes, ReactNode } from 'react';

/** Keeps the element's server-rendered children: React does not hydrate inside an element given innerHTML. */
const keepServerChildren = { __html: '' };

/**
 * An element whose content never changes in the browser (the footer, the sidebar's hover panels):
 * the server renders it, the browser keeps that markup as it came and never loads the code that made
 * it. Call it as `<ServerMarkup …>{(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) && <Content />}</ServerMarkup>`: Vite sets
 * `(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__)` to false in the browser build, so `<Content />` and its imports drop out of
 * the page's JavaScript (docs/architecture.md "JavaScript budget"). Only for markup that is
 * rendered at hydration: an element the browser mounts later would stay empty.
 */
export function ServerMarkup({ as: Tag = 'div', children, ...attributes }: { as?: 'div' | 'footer'; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  if (typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) return <Tag {...attributes}>{children}</Tag>;
  return <Tag {...attributes} dangerouslySetInnerHTML={keepServerChildren} suppressHydrationWarning />;
}
