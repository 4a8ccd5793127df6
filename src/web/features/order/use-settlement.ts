import { useRef, useState } from 'react';
import { couponLimits, type DraftCoupon } from '../../../contract/coupon.ts';
import { toggledCouponIds } from './coupon-choice.ts';
import type { InvoiceRequest } from '../../../contract/invoice.ts';
import { orderErrors, type SettlementData, type SettlementPricing, type ShortfallChoice } from '../../../contract/order.ts';
import { orderCalls } from '../../../contract/order-calls.ts';
import { poNumberRule } from '../../../contract/procurement.ts';
import { problemOf } from '../../../contract/rules.ts';
import { ApiError, callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { cashierPath } from './order-urls.ts';

/** The delivery choices the price depends on. */
export interface DeliveryChoices {
  carrierCode: string;
  addressId: number | null;
  shortfallChoice: ShortfallChoice;
}

/** A message above the submit bar; `isCartProblem` offers the way back to the cart. */
export interface SettlementNotice {
  text: string;
  isCartProblem: boolean;
}

/** Refusals the buyer can only mend in the cart. */
const cartProblems: readonly string[] = [orderErrors.emptySelection, orderErrors.lineNotSold, orderErrors.notPackMultiple, orderErrors.tooManyLines].map(
  (entry) => entry.errorCode,
);
/** Refusals after which the page reads the prices again and shows them. */
const repriceProblems: readonly string[] = [orderErrors.totalChanged, orderErrors.outOfStock, orderErrors.nothingInStock].map((entry) => entry.errorCode);

export const couponsReselectedMessage = '所选优惠券已不适用，已为您重新选择最优组合';
export const networkRetryMessage = '网络异常，订单可能未提交，请重新点击提交（不会重复下单）';

function isCouponRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.errorCode.startsWith('coupon.');
}

/** The member's default invoice profile comes chosen (a company buying again wants the same 发票); without one, 不开发票. */
export function initialInvoiceOf(data: Pick<SettlementData, 'invoiceProfiles'>): InvoiceRequest {
  const profile = data.invoiceProfiles.find((candidate) => candidate.isDefault);
  return profile ? { kind: 'profile', invoiceProfileId: profile.id } : { kind: 'none' };
}
/** An accepted offer's page prices and places the offer, not the cart. */
function sourceOf(data: SettlementData): { quotationId?: number } {
  return data.quotation ? { quotationId: data.quotation.id } : {};
}

/**
 * The prices on show and the delivery choices and coupons they answer. Coupons follow the best
 * combination until the buyer ticks one; from then on the buyer's choice is kept (and re-chosen best
 * if a delivery change voids it).
 */
function useSettlementPricing(data: SettlementData) {
  const [pricing, setPricing] = useState<SettlementPricing>(data);
  const [choices, setChoices] = useState<DeliveryChoices>({ carrierCode: data.carrierCode, addressId: data.addressId, shortfallChoice: data.shortfallChoice });
  /** undefined: the best combination (the server chooses). */
  const [chosenCouponIds, setChosenCouponIds] = useState<number[] | undefined>(undefined);
  const [isPricing, setIsPricing] = useState(false);
  const latestPreview = useRef(0);
  const source = sourceOf(data);

  async function preview(next: DeliveryChoices, couponIds: number[] | undefined): Promise<SettlementPricing> {
    const body = couponIds === undefined ? { ...next, ...source } : { ...next, ...source, memberCouponIds: couponIds };
    try {
      return await callApi(orderCalls.preview, body);
    } catch (error) {
      if (couponIds === undefined || !isCouponRefusal(error)) throw error;
      const best = await callApi(orderCalls.preview, { ...next, ...source });
      showToast(couponsReselectedMessage);
      setChosenCouponIds(undefined);
      return best;
    }
  }

  /** Prices the choices; a stale answer (the buyer chose again meanwhile) is dropped. False when it failed. */
  async function reprice(next: DeliveryChoices, couponIds: number[] | undefined): Promise<boolean> {
    const ticket = ++latestPreview.current;
    setIsPricing(true);
    try {
      const answer = await preview(next, couponIds);
      if (ticket === latestPreview.current) setPricing(answer);
      return true;
    } catch (error) {
      if (ticket === latestPreview.current) {
        toastIfMessage(errorMessageOf(error) || networkRetryMessage);
        setChoices({ carrierCode: pricing.carrierCode, addressId: pricing.addressId, shortfallChoice: pricing.shortfallChoice });
      }
      return false;
    } finally {
      if (ticket === latestPreview.current) setIsPricing(false);
    }
  }

  function toggleCoupon(coupon: DraftCoupon) {
    const next = toggledCouponIds(pricing.coupons, chosenCouponIds ?? pricing.memberCouponIds, coupon);
    if (next.length > couponLimits.perOrder) {
      showToast(`每笔订单最多使用${String(couponLimits.perOrder)}张优惠券`);
      return;
    }
    const previous = chosenCouponIds;
    // Ticked at once; the amounts follow the server's answer (or the tick goes back if the call fails).
    setChosenCouponIds(next);
    void reprice(choices, next).then((isPriced) => {
      if (!isPriced) setChosenCouponIds(previous);
    });
  }

  return { pricing, choices, setChoices, chosenCouponIds, isPricing, reprice, toggleCoupon };
}

type SettlementPricingState = ReturnType<typeof useSettlementPricing>;

/** What the buyer writes on the order besides the delivery choices. */
interface SettlementForm {
  invoice: InvoiceRequest;
  remark: string;
  /** 采购订单号, as typed. */
  poNumber: string;
}

/** Placing the order: one click at a time, the page's one idempotency key, and what a refusal means for the buyer. */
function useSettlementPlacement(data: SettlementData, priced: SettlementPricingState, { invoice, remark, poNumber }: SettlementForm) {
  const { pricing, choices, chosenCouponIds, reprice } = priced;
  const [isPlacing, setIsPlacing] = useState(false);
  const [notice, setNotice] = useState<SettlementNotice | null>(null);
  // A ref, not state: a second click in the same frame must already see the lock.
  const placeLock = useRef(false);
  const source = sourceOf(data);

  async function place() {
    if (placeLock.current) return;
    const carrier = data.carriers.find((entry) => entry.code === choices.carrierCode);
    if (!carrier?.isPickup && choices.addressId === null) {
      setNotice({ text: orderErrors.addressMissing.msg, isCartProblem: false });
      return;
    }
    const poProblem = problemOf(poNumberRule, poNumber);
    if (poProblem) {
      setNotice({ text: poProblem, isCartProblem: false });
      return;
    }
    placeLock.current = true;
    setIsPlacing(true);
    setNotice(null);
    try {
      const placed = await callApi(orderCalls.place, {
        idempotencyKey: data.idempotencyKey,
        ...choices,
        memberCouponIds: pricing.memberCouponIds,
        invoice,
        remark,
        poNumber: poNumber.trim(),
        quotedPayableCents: pricing.payableCents,
        ...source,
      });
      // The lock stays on while the browser leaves for the cashier.
      window.location.assign(cashierPath(placed.orderNo));
      return;
    } catch (error) {
      await explainRefusal(error);
    }
    placeLock.current = false;
    setIsPlacing(false);
  }

  async function explainRefusal(error: unknown) {
    const text = errorMessageOf(error);
    if (!(error instanceof ApiError) || !text) {
      setNotice({ text: networkRetryMessage, isCartProblem: false });
      return;
    }
    // An offer that can no longer be ordered (priced again, expired, ordered elsewhere): the way back is 我的询价.
    if (cartProblems.includes(error.errorCode) || (data.quotation !== undefined && error.errorCode.startsWith('quotation.'))) {
      setNotice({ text, isCartProblem: true });
      return;
    }
    if (repriceProblems.includes(error.errorCode)) {
      await reprice(choices, chosenCouponIds);
      setNotice({ text, isCartProblem: false });
      return;
    }
    setNotice({ text, isCartProblem: false });
  }

  return { isPlacing, notice, setNotice, place };
}

/**
 * The checkout's state and calls. Prices come from the server only (preview), so the summary is
 * what placement charges to the fen (useSettlementPricing). Placing sends the page's one idempotency
 * key, also on a retry after a lost answer (useSettlementPlacement).
 */
export function useSettlement(data: SettlementData) {
  const priced = useSettlementPricing(data);
  const { pricing, choices, chosenCouponIds } = priced;
  const [invoice, setInvoice] = useState<InvoiceRequest>(() => initialInvoiceOf(data));
  const [remark, setRemark] = useState('');
  const [poNumber, setPoNumber] = useState('');
  const placement = useSettlementPlacement(data, priced, { invoice, remark, poNumber });

  function choose(change: Partial<DeliveryChoices>) {
    const next = { ...choices, ...change };
    priced.setChoices(next);
    placement.setNotice(null);
    void priced.reprice(next, chosenCouponIds);
  }

  return {
    pricing,
    choices,
    invoice,
    remark,
    poNumber,
    /** The 采购订单号 field's problem ('' when fine), shown beside it as the buyer types. */
    poNumberProblem: problemOf(poNumberRule, poNumber),
    isPricing: priced.isPricing,
    isPlacing: placement.isPlacing,
    notice: placement.notice,
    chooseCarrier: (carrierCode: string) => choose({ carrierCode }),
    chooseAddress: (addressId: number) => choose({ addressId }),
    chooseShortfall: (shortfallChoice: ShortfallChoice) => choose({ shortfallChoice }),
    /** The coupons shown ticked: the buyer's latest choice, or the server's best combination. */
    shownCouponIds: chosenCouponIds ?? pricing.memberCouponIds,
    toggleCoupon: priced.toggleCoupon,
    setInvoice,
    setRemark,
    setPoNumber,
    place: placement.place,
  };
}

export type SettlementState = ReturnType<typeof useSettlement>;
