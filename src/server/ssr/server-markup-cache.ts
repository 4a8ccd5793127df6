import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerMarkupCacheContext, type ServerMarkupCache } from '../../web/ui/server-markup.tsx';

/** Per key object, its markups by name; dropped with the object when its cache replaces it. */
const keptMarkup = new WeakMap<object, Map<string, string>>();

/**
 * One page render's view of the process's markup cache: hits come from what earlier renders kept;
 * misses are rendered in the page as usual and kept afterwards (`keepPending`), because React's
 * server renderer must not be entered again while it renders.
 */
function serverMarkupCacheForRender(): ServerMarkupCache & { keepPending(): void } {
  const pending: { key: object; name: string; content: ReactNode }[] = [];
  return {
    htmlOf: (key, name) => keptMarkup.get(key)?.get(name),
    keep: (key, name, content) => void pending.push({ key, name, content }),
    keepPending() {
      for (const { key, name, content } of pending) {
        let byName = keptMarkup.get(key);
        if (!byName) keptMarkup.set(key, (byName = new Map<string, string>()));
        if (!byName.has(name)) byName.set(name, renderToString(content));
      }
    },
  };
}

/** React's `renderToString` of a page, with the markup earlier renders kept and what this one missed kept afterwards. */
export function renderToStringWithKeptMarkup(page: ReactNode): string {
  const markupCache = serverMarkupCacheForRender();
  const html = renderToString(createElement(ServerMarkupCacheContext, { value: markupCache }, page));
  markupCache.keepPending();
  return html;
}
