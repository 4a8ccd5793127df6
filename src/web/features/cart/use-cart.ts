import { useState } from 'react';
import type { CallBody } from '../../../contract/call.ts';
import type { CartSummary } from '../../../contract/cart.ts';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';
import { dispatchCartSet } from './cart-events.ts';

/** Every cart call answers with the whole cart priced again. */
type CartCall = typeof cartCalls.select | typeof cartCalls.updateQuantity | typeof cartCalls.remove;

function withSelection(cart: CartSummary, productIds: readonly number[] | undefined, isSelected: boolean): CartSummary {
  const lines = cart.lines.map((line) => (!productIds || productIds.includes(line.product.productId) ? { ...line, isSelected } : line));
  const chosen = lines.filter((line) => line.isSelected);
  return { ...cart, lines, selectedCount: chosen.length, selectedTotalCents: chosen.reduce((sum, line) => sum + line.subtotalCents, 0) };
}

/** The cart page's state and actions: each action calls the server and shows the cart it answers. */
export function useCart(initial: CartSummary) {
  const [cart, setCart] = useState(initial);
  const [isBusy, setIsBusy] = useState(false);

  async function run<C extends CartCall>(call: C, body: CallBody<C>): Promise<void> {
    setIsBusy(true);
    try {
      const next = await callApi(call, body);
      setCart(next);
      dispatchCartSet(next.lineCount);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
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
    remove: (productIds: number[]) => {
      void run(cartCalls.remove, { productIds });
    },
  };
}
