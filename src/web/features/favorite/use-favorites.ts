import { useState } from 'react';
import { favoriteListHref, favoriteMessages, type FavoriteItem, type FavoriteListData } from '../../../contract/favorite.ts';
import { favoriteCalls } from '../../../contract/favorite-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

/**
 * The favourites page's behaviour: the shown page, the ticked rows, removal (one or the ticked)
 * and the alert switches. After a removal the page is read again through the list call, and the
 * URL follows when the page had to move back (the last row of the last page went).
 */
export function useFavorites(initial: FavoriteListData) {
  const [data, setData] = useState(initial);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [isBusy, setIsBusy] = useState(false);

  async function refresh() {
    const next = await callApi(favoriteCalls.list, { keyword: data.keyword, page: data.page, pageSize: data.pageSize });
    setData(next);
    setSelected((current) => new Set([...current].filter((id) => next.items.some((item) => item.productId === id))));
    if (next.page !== data.page) window.history.replaceState(null, '', favoriteListHref(next));
  }

  async function remove(productIds: readonly number[]) {
    if (productIds.length === 0) {
      showToast('请选择要删除的收藏');
      return;
    }
    setIsBusy(true);
    try {
      await callApi(favoriteCalls.removeMany, { productIds: [...productIds] });
      showToast(favoriteMessages.removedMany);
      await refresh();
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsBusy(false);
    }
  }

  function showAlerts(productId: number, alerts: { isStockAlertOn: boolean; isPriceAlertOn: boolean }) {
    setData((current) => ({ ...current, items: current.items.map((row) => (row.productId === productId ? { ...row, ...alerts } : row)) }));
  }

  /** The switch moves at once (a checkbox that waits for the server looks broken); a refusal puts it back. */
  async function setAlert(item: FavoriteItem, alerts: { stock: boolean; price: boolean }) {
    setIsBusy(true);
    showAlerts(item.productId, { isStockAlertOn: alerts.stock, isPriceAlertOn: alerts.price });
    try {
      const result = await callApi(favoriteCalls.setAlert, { productId: item.productId, ...alerts });
      showAlerts(item.productId, result);
      showToast(favoriteMessages.alertSaved);
    } catch (error) {
      showAlerts(item.productId, { isStockAlertOn: item.isStockAlertOn, isPriceAlertOn: item.isPriceAlertOn });
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsBusy(false);
    }
  }

  function toggle(productId: number, isOn: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(productId);
      else next.delete(productId);
      return next;
    });
  }

  function toggleAll(isOn: boolean) {
    setSelected(isOn ? new Set(data.items.map((item) => item.productId)) : new Set());
  }

  return { data, selected, isBusy, remove, setAlert, toggle, toggleAll };
}
