import { useRef, useState } from 'react';
import { errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

export interface LoadMore<T> {
  items: T[];
  /** The last page shown. */
  page: number;
  hasMore: boolean;
  isLoading: boolean;
  loadNext: () => void;
}

/**
 * 加载更多: the next page is appended under the ones shown (pages hold `pageSize` rows, `total`
 * in all). A second tap while a page is coming is ignored.
 */
export function useLoadMore<T>(initial: { items: T[]; page: number; pageSize: number; total: number }, fetchPage: (page: number) => Promise<T[]>): LoadMore<T> {
  const [items, setItems] = useState(initial.items);
  const [page, setPage] = useState(initial.page);
  const [isLoading, setIsLoading] = useState(false);
  const isBusy = useRef(false);
  const hasMore = page * initial.pageSize < initial.total;
  return {
    items,
    page,
    hasMore,
    isLoading,
    loadNext() {
      if (isBusy.current || !hasMore) return;
      isBusy.current = true;
      setIsLoading(true);
      fetchPage(page + 1)
        .then((next) => {
          setItems((shown) => [...shown, ...next]);
          setPage(page + 1);
        })
        .catch((error: unknown) => toastIfMessage(errorMessageOf(error)))
        .finally(() => {
          isBusy.current = false;
          setIsLoading(false);
        });
    },
  };
}
