import { useEffect, useRef } from 'react';
import { gridSearchOf, gridViewOfSearch, type GridDefaults, type GridQueryState } from './grid-query-state.ts';

function replaceSearch(search: string, how: 'push' | 'replace') {
  if (search === window.location.search) return;
  const url = `${window.location.pathname}${search}${window.location.hash}`;
  if (how === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(window.history.state, '', url);
}

/**
 * Keeps a grid's view in its page's URL when `isOn` (the loader read the view from the URL): once
 * hydrated the URL is rewritten to the view shown (a value the server could not use is dropped),
 * each change of view is a history entry, and back/forward hand the entry's view to `onHistory`.
 */
export function useGridUrl(
  isOn: boolean,
  query: GridQueryState,
  defaults: GridDefaults,
  filterNames: readonly string[],
  onHistory: (query: GridQueryState) => void,
) {
  const latest = useRef({ query, defaults, filterNames, onHistory });
  useEffect(() => {
    latest.current = { query, defaults, filterNames, onHistory };
  });

  useEffect(() => {
    if (!isOn) return undefined;
    const first = latest.current;
    replaceSearch(gridSearchOf(window.location.search, first.query, first.defaults, first.filterNames), 'replace');
    function restore() {
      const { defaults: shownDefaults, filterNames: names } = latest.current;
      const view = gridViewOfSearch(window.location.search, shownDefaults, names);
      latest.current.onHistory({ page: view.page, pageSize: view.pageSize, sort: view.sort, filters: view.filters });
    }
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
  }, [isOn]);

  /** Records the view about to show as a new history entry (nothing when the URL already says it). */
  return function record(next: GridQueryState) {
    if (isOn) replaceSearch(gridSearchOf(window.location.search, next, defaults, filterNames), 'push');
  };
}
