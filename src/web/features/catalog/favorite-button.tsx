import { useState } from 'react';
import type { FavoriteResponse } from '../../../contract/catalog.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

/** 收藏 / 已收藏: visitors are sent to the login page (the request layer's 401 handling). */
export function FavoriteButton({ productId, initialIsFavorite }: { productId: number; initialIsFavorite: boolean }) {
  const [isFavorite, setIsFavorite] = useState(initialIsFavorite);
  const [isBusy, setIsBusy] = useState(false);
  async function toggle() {
    if (isBusy) return;
    setIsBusy(true);
    try {
      const result = await callApi<FavoriteResponse>(isFavorite ? '/user/api/favorite/remove' : '/user/api/favorite/add', { productId });
      setIsFavorite(result.isFavorite);
      showToast(result.isFavorite ? '已加入收藏' : '已取消收藏');
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsBusy(false);
    }
  }
  return (
    <button type="button" className={isFavorite ? 'favorite-button favorite-button--on' : 'favorite-button'} aria-pressed={isFavorite} onClick={() => void toggle()} disabled={isBusy}>
      <span aria-hidden="true">{isFavorite ? '★' : '☆'}</span> {isFavorite ? '已收藏' : '收藏'}
    </button>
  );
}
