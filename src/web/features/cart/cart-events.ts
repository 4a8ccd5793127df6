import { useEffect, useState } from 'react';
import type { CartSummary } from '../../../contract/cart.ts';

/**
 * The browser event API that moves the header's and the sidebar's cart counts. Cart and
 * product pages call dispatchCartChange(+1) when a new line is added and (-1) when one is
 * removed, or dispatchCartSet(n) when they know the exact number of lines.
 */
export const cartChangeEvent = 'cart:change';
export const cartSetEvent = 'cart:set';
/** A call beside the cart page's own (快速下单) answered with the whole cart: the page shows it. */
export const cartSummaryEvent = 'cart:summary';

export interface CartChangeDetail {
  delta: number;
}
export interface CartSetDetail {
  count: number;
}

export function dispatchCartChange(delta: number): void {
  window.dispatchEvent(new CustomEvent<CartChangeDetail>(cartChangeEvent, { detail: { delta } }));
}

export function dispatchCartSet(count: number): void {
  window.dispatchEvent(new CustomEvent<CartSetDetail>(cartSetEvent, { detail: { count } }));
}

/** Spec §4: the count moves by the change and never goes below 0. */
export function applyCartChange(count: number, delta: unknown): number {
  const step = typeof delta === 'number' && Number.isFinite(delta) ? Math.trunc(delta) : 0;
  return Math.max(0, count + step);
}

export function applyCartSet(count: number, next: unknown): number {
  return typeof next === 'number' && Number.isFinite(next) ? Math.max(0, Math.trunc(next)) : count;
}

function detailOf(event: Event): Record<string, unknown> {
  const detail: unknown = (event as CustomEvent<unknown>).detail;
  return detail !== null && typeof detail === 'object' ? (detail as Record<string, unknown>) : {};
}

/** The cart count, starting from the server's number and following the cart events. */
export function useCartCount(initial: number): number {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const onChange = (event: Event) => setCount((current) => applyCartChange(current, detailOf(event).delta));
    const onSet = (event: Event) => setCount((current) => applyCartSet(current, detailOf(event).count));
    window.addEventListener(cartChangeEvent, onChange);
    window.addEventListener(cartSetEvent, onSet);
    return () => {
      window.removeEventListener(cartChangeEvent, onChange);
      window.removeEventListener(cartSetEvent, onSet);
    };
  }, []);
  return count;
}

/** Tells the cart page (and the counts) the cart another call answered with. */
export function dispatchCartSummary(cart: CartSummary): void {
  window.dispatchEvent(new CustomEvent<CartSummary>(cartSummaryEvent, { detail: cart }));
  dispatchCartSet(cart.lineCount);
}

/** The cart page shows a cart dispatched by dispatchCartSummary. */
export function useCartSummaryEvents(show: (cart: CartSummary) => void): void {
  useEffect(() => {
    const onSummary = (event: Event) => show((event as CustomEvent<CartSummary>).detail);
    window.addEventListener(cartSummaryEvent, onSummary);
    return () => window.removeEventListener(cartSummaryEvent, onSummary);
  }, [show]);
}
