import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { choosePath, serializeChooseFilter, type QueryAttrbuteExcludeListResponse, type QueryAttrbuteProductListResponse } from '../../../contract/catalog.ts';
import { catalogCalls } from '../../../contract/catalog-calls.ts';
import { listQueryString, readListState, type ListState } from '../../../contract/list-state.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

/** The category a /choose page lists: a first level, or one of its second levels. */
export interface ChooseListScope {
  categoryFirstId: number;
  categorySecondId: number | null;
}

/** What the server rendered the list with. */
export interface ChooseListData {
  state: ListState;
  facets: QueryAttrbuteExcludeListResponse;
  products: QueryAttrbuteProductListResponse;
}

export interface ChooseList extends ChooseListData {
  /** A call is under way: the list shows it is about to change. */
  isLoading: boolean;
  /** Changes the selection, sort or stock choice, back to page 1. */
  change: (patch: Partial<ListState>) => void;
  goToPage: (page: number) => void;
  /** The address of the list with a change (page 1), for links that work without JavaScript. */
  hrefFor: (patch: Partial<ListState>) => string;
  pageHref: (page: number) => string;
}

/**
 * Parametric selection in the browser: the state lives in the URL (?filter=…&stock=&sort=&page=),
 * so a link reproduces it. A change pushes the new URL and calls the two list calls (the counts
 * only when the selection changed); only the latest change's answer is shown, and the back
 * button shows the state of its URL again.
 */
export function useChooseList(scope: ChooseListScope, initial: ChooseListData): ChooseList {
  const [state, setState] = useState(initial.state);
  const [facets, setFacets] = useState(initial.facets);
  const [products, setProducts] = useState(initial.products);
  const [isLoading, setIsLoading] = useState(false);
  const latestRequest = useRef(0);
  const basePath = choosePath(scope.categoryFirstId, scope.categorySecondId);

  async function show(next: ListState, previous: ListState, history: 'push' | 'keep') {
    setState(next);
    if (history === 'push') window.history.pushState(null, '', `${basePath}${listQueryString(next)}`);
    const request = ++latestRequest.current;
    const selection = { ...scope, stock: next.stock, filter: serializeChooseFilter(next.filter) };
    const isSelectionChanged = selection.filter !== serializeChooseFilter(previous.filter) || next.stock !== previous.stock;
    setIsLoading(true);
    try {
      const [nextProducts, nextFacets] = await Promise.all([
        callApi(catalogCalls.queryAttrbuteProductList, { ...selection, page: next.page, sort: next.sort }),
        isSelectionChanged ? callApi(catalogCalls.queryAttrbuteExcludeList, selection) : null,
      ]);
      if (request !== latestRequest.current) return;
      setProducts(nextProducts);
      if (nextFacets) setFacets(nextFacets);
    } catch (error) {
      if (request === latestRequest.current) toastIfMessage(errorMessageOf(error));
    } finally {
      if (request === latestRequest.current) setIsLoading(false);
    }
  }

  const showUrlState = useEffectEvent(() => {
    void show(readListState(new URLSearchParams(window.location.search)), state, 'keep');
  });
  useEffect(() => {
    const onPopState = () => {
      showUrlState();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
    };
  }, []);

  return {
    state,
    facets,
    products,
    isLoading,
    change: (patch) => void show({ ...state, page: 1, ...patch }, state, 'push'),
    goToPage: (page) => void show({ ...state, page }, state, 'push'),
    hrefFor: (patch) => `${basePath}${listQueryString({ ...state, page: 1, ...patch })}`,
    pageHref: (page) => `${basePath}${listQueryString({ ...state, page })}`,
  };
}
