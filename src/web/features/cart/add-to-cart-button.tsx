import { useState, type ReactNode } from 'react';
import { cartMessages } from '../../../contract/cart.ts';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { quantityProblem } from '../../../contract/pricing.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { dispatchCartSet } from './cart-events.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

interface AddToCartButtonProps {
  productId: number;
  quantity: number;
  packSize: number;
  className?: string;
  children?: ReactNode;
}

/**
 * Adds a quantity of a part to the member's cart; the header and sidebar counts follow the
 * server's count; visitors are sent to the login page and come back here.
 */
export function AddToCartButton({ productId, quantity, packSize, className = 'button button--accent', children = '加入购物车' }: AddToCartButtonProps) {
  const [isBusy, setIsBusy] = useState(false);
  async function add() {
    const problem = quantityProblem(quantity, packSize);
    if (problem) {
      showToast(problem);
      return;
    }
    setIsBusy(true);
    try {
      const result = await callApi(cartCalls.add, { productId, quantity });
      dispatchCartSet(result.cartCount);
      showToast(cartMessages.added);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsBusy(false);
    }
  }
  return (
    <button type="button" className={className} onClick={() => void add()} disabled={isBusy}>
      {children}
    </button>
  );
}
