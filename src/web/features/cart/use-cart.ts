import { useRef, useState } from 'react';
import type { CallBody } from '../../../contract/call.ts';
import type { CartSummary } from '../../../contract/cart.ts';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';
import { dispatchCartSet, useCartSummaryEvents } from './cart-events.ts';

/** Every cart call answers with the whole cart priced again. */
type CartCall = typeof cartCalls.select | typeof cartCalls.updateQuantity | typeof cartCalls.updateCustomerPartNo | typeof cartCalls.remove;

function withSelection(cart: CartSummary, productIds: readonly number[] | undefined, isSelected: boolean): CartSummary {
  const lines = cart.lines.map((line) => (!productIds || productIds.includes(line.product.productId) ? { ...line, isSelected } : line));
  const chosen = lines.filter((line) => line.isSelected);
  return { ...cart, lines, selectedCount: chosen.length, selectedTotalCents: chosen.reduce((sum, line) => sum + line.subtotalCents, 0) };
}

/** The cart page's state and actions: each action calls the server and shows the cart it answers. */
export function useCart(initial: CartSummary) {
  const [cart, setCart] = useState(initial);
  const [isBusy, setIsBusy] = useState(false);
  useCartSummaryEvents(setCart);
  // 客户料号 being saved: leaving for settlement waits for them (a field left by clicking 去结算 saves on its blur).
  const pendingSaves = useRef(new Set<Promise<boolean>>());

  /** True when the server took the change. */
  async function run<C extends CartCall>(call: C, body: CallBody<C>): Promise<boolean> {
    setIsBusy(true);
    try {
      const next = await callApi(call, body);
      setCart(next);
      dispatchCartSet(next.lineCount);
      return true;
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      return false;
    } finally {
      setIsBusy(false);
    }
  }

  return {
    cart,
    isBusy,
    /** Ticks show at once; the server's answer then replaces the cart. */
    select: (productIds: number[] | undefined, isSelected: boolean) => {
      setCart((current) => withSelection(current, productIds, isSelected));
      void run(cartCalls.select, productIds ? { productIds, isSelected } : { isSelected });
    },
    setQuantity: (productId: number, quantity: number) => {
      void run(cartCalls.updateQuantity, { productId, quantity });
    },
    /** The line's 客户料号 ('' clears it). */
    setCustomerPartNo: (productId: number, customerPartNo: string) => {
      const saving = run(cartCalls.updateCustomerPartNo, { productId, customerPartNo });
      pendingSaves.current.add(saving);
      void saving.finally(() => pendingSaves.current.delete(saving));
      return saving;
    },
    /** The 去结算 link's click: when a 客户料号 is still being saved, goes once it is. */
    onSettleClick: (event: { preventDefault: () => void }, href: string) => {
      if (pendingSaves.current.size === 0) return;
      event.preventDefault();
      void Promise.all([...pendingSaves.current]).then(() => window.location.assign(href));
    },
    remove: (productIds: number[]) => {
      void run(cartCalls.remove, { productIds });
    },
  };
}
