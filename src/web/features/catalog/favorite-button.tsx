import { useState } from 'react';
import { favoriteMessages } from '../../../contract/favorite.ts';
import { favoriteCalls } from '../../../contract/favorite-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

/** 收藏 / 已收藏: visitors are sent to the login page and back (the request layer's 401 handling, loginPath). */
export function FavoriteButton({ productId, initialIsFavorite }: { productId: number; initialIsFavorite: boolean }) {
  const [isFavorite, setIsFavorite] = useState(initialIsFavorite);
  const [isBusy, setIsBusy] = useState(false);
  async function toggle() {
    if (isBusy) return;
    setIsBusy(true);
    try {
      const result = await callApi(isFavorite ? favoriteCalls.remove : favoriteCalls.add, { productId });
      setIsFavorite(result.isFavorite);
      showToast(result.isFavorite ? favoriteMessages.added : favoriteMessages.removed);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={isFavorite ? 'favorite-button favorite-button--on' : 'favorite-button'}
      aria-pressed={isFavorite}
      onClick={() => void toggle()}
      disabled={isBusy}
    >
      <span aria-hidden="true">{isFavorite ? '★' : '☆'}</span> {isFavorite ? '已收藏' : '收藏'}
    </button>
  );
}
