import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Address } from '../../../contract/address.ts';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { couponErrors, type CouponDraft, type DraftCoupon } from '../../../contract/coupon.ts';
import { bestCouponCombination, chosenCombination } from '../../../contract/coupon-combination.ts';
import { carriersWithThreshold, defaultCarrierCode, findCarrier, freightOf, type Freight } from '../../../contract/delivery.ts';
import { loadFreeShippingThresholdCents } from '../content/site-settings.service.ts';
import { orderErrors, ShortfallChoice, type Carrier, type SettlementData, type SettlementLine, type SettlementPricing } from '../../../contract/order.ts';
import type { OrderConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findAddressOfMember, listAddresses } from '../address/address.service.ts';
import { loadSelectedCartLines, type SelectedCartLine } from '../cart/cart.service.ts';
import { loadCustomerPartNos } from '../cart/customer-part-number.service.ts';
import { loadProductSummaries } from '../catalog/product.service.ts';
import { listCouponsForDraft } from '../coupon/coupon.service.ts';
import { listInvoiceProfiles } from '../invoice/invoice.service.ts';
import { loadQuotationCheckout } from '../quotation/quotation.service.ts';
import { loadPickupAddress } from '../site-facts/site-facts.service.ts';
import { dispatchWarehousesOfParts } from '../warehouse/warehouse-stock.service.ts';
import { withBackOrderDates } from './order-backorder-date.ts';
import { amountsOf, couponDraftOf, goodsCentsOf, quotedLineOf, settlementLineOf, weightGramsOf, type SeenCartLine } from './order-pricing.ts';

export interface CheckoutChoice {
  carrierCode: string;
  addressId: number | null;
  shortfallChoice: ShortfallChoice;
  /** undefined: the best combination. */
  memberCouponIds?: readonly number[];
  /** An accepted offer checked out at its quoted prices instead of the cart. */
  quotationId?: number;
}

/** What a checkout takes: the cart's selected lines, or an accepted offer's lines at its quoted unit prices. */
export interface CheckoutLines {
  cartLines: SelectedCartLine[];
  /** productId → the quoted unit price; null for the cart. */
  quotedPrices: ReadonlyMap<number, number> | null;
  quotation: { id: number; quotationNo: string; leadTimes: { productId: number; leadTime: string }[] } | null;
}

/** Only the member's accepted, still valid offer (quotation.service says why not otherwise). */
export async function loadCheckoutLines(db: Kysely<Database>, userId: number, quotationId: number | undefined, now: number): Promise<CheckoutLines> {
  if (quotationId === undefined) return { cartLines: await loadSelectedCartLines(db, userId), quotedPrices: null, quotation: null };
  const offer = await loadQuotationCheckout(db, userId, quotationId, now);
  // An offer's lines come with the 客户料号 the member last ordered each part under, as the cart's would.
  const customerPartNos = await loadCustomerPartNos(
    db,
    userId,
    offer.lines.map((line) => line.productId),
  );
  return {
    cartLines: offer.lines.map((line) => ({
      productId: line.productId,
      quantity: line.quantity,
      seenUnitPriceE4: null,
      seenPackSize: null,
      seenStock: null,
      customerPartNo: customerPartNos.get(line.productId) ?? '',
    })),
    quotedPrices: new Map(offer.lines.map((line) => [line.productId, line.unitPriceE4])),
    quotation: {
      id: offer.quotationId,
      quotationNo: offer.quotationNo,
      leadTimes: offer.lines.flatMap((line) => (line.leadTime.trim() === '' ? [] : [{ productId: line.productId, leadTime: line.leadTime.trim() }])),
    },
  };
}

/**
 * A line priced by the tier of its quantity; an offer's line at its quoted unit price and its whole
 * quoted quantity (what is not in stock is back ordered, whichever shortfall choice: never dropped).
 */
export function checkoutLineOf(
  line: SeenCartLine,
  product: ProductSummary | undefined,
  choice: ShortfallChoice,
  quotedPrices: ReadonlyMap<number, number> | null,
): SettlementLine {
  const quoted = quotedPrices?.get(line.productId);
  return quoted === undefined ? settlementLineOf(line, product, choice) : quotedLineOf(line, product, quoted);
}

/** The selected cart lines priced now, with the products they were priced from. */
export interface PricedSelection {
  cartLines: SelectedCartLine[];
  products: Map<number, ProductSummary>;
  lines: SettlementLine[];
  /** The accepted offer checked out, if not the cart. */
  quotation?: CheckoutLines['quotation'];
}

export async function priceSelection(
  db: Kysely<Database>,
  userId: number,
  choice: ShortfallChoice,
  stockOverride?: ReadonlyMap<number, number>,
  source: { quotationId?: number; now?: number } = {},
): Promise<PricedSelection> {
  const { cartLines, quotedPrices, quotation } = await loadCheckoutLines(db, userId, source.quotationId, source.now ?? Date.now());
  const summaries = await loadProductSummaries(
    db,
    cartLines.map((line) => line.productId),
  );
  const products = new Map(summaries.map((product) => [product.productId, withStock(product, stockOverride?.get(product.productId))]));
  const priced = cartLines.map((line) => checkoutLineOf(line, products.get(line.productId), choice, quotedPrices));
  const lines = await withBackOrderDates(db, priced, source.now ?? Date.now());
  return { cartLines, products, lines, quotation };
}

function withStock(product: ProductSummary, stock: number | undefined): ProductSummary {
  return stock === undefined ? product : { ...product, stock };
}

export function carrierOrThrow(code: string): Carrier {
  const carrier = findCarrier(code);
  if (!carrier) throw new AppError(orderErrors.carrierInvalid);
  return carrier;
}

/** The member's address for a carrier that needs one; null for pickup. Another member's id is not found. */
export async function shippingAddressOf(db: Kysely<Database>, userId: number, carrier: Carrier, addressId: number | null): Promise<Address | null> {
  if (carrier.isPickup) return null;
  if (addressId === null) throw new AppError(orderErrors.addressMissing);
  const address = await findAddressOfMember(db, userId, addressId);
  if (!address) throw new AppError(orderErrors.addressNotFound);
  return address;
}

/** Freight of the parcel; null while a carrier that delivers has no address to price it for. */
export function freightFor(carrier: Carrier, address: Address | null, lines: readonly SettlementLine[], thresholdCents: number): Freight | null {
  if (!carrier.isPickup && !address) return null;
  return freightOf(carrier.code, address?.provinceCode ?? '', weightGramsOf(lines), goodsCentsOf(lines), thresholdCents);
}

/** Everything after the lines: freight, the coupons judged and applied, the amounts. */
export async function pricingOf(
  db: Kysely<Database>,
  userId: number,
  selection: PricedSelection,
  choice: CheckoutChoice,
  address: Address | null,
  now: number,
  options: { listsCoupons: boolean } = { listsCoupons: true },
): Promise<{ pricing: SettlementPricing; draft: CouponDraft; coupons: DraftCoupon[] }> {
  const carrier = carrierOrThrow(choice.carrierCode);
  const { lines } = selection;
  const freight = freightFor(carrier, address, lines, await loadFreeShippingThresholdCents(db));
  const draft = couponDraftOf(lines, selection.products, freight?.cents ?? 0);
  // Placing with no coupon chosen needs none listed; the preview lists them for the buyer to choose.
  const needsCoupons = draft.lines.length > 0 && (options.listsCoupons || choice.memberCouponIds?.length !== 0);
  const coupons = needsCoupons ? await listCouponsForDraft(db, userId, draft, now) : [];
  let combination;
  if (choice.memberCouponIds === undefined) {
    combination = bestCouponCombination(coupons, draft);
  } else {
    const chosen = chosenCombination(coupons, choice.memberCouponIds, draft);
    if (chosen.problem) throw new AppError(couponErrors.notApplicable, chosen.problem);
    combination = chosen;
  }
  const amounts = amountsOf(goodsCentsOf(lines), freight, combination);
  const pricing: SettlementPricing = {
    lines,
    hasShortfall: lines.some((line) => line.isShortOfStock),
    shortfallChoice: choice.shortfallChoice,
    carrierCode: carrier.code,
    addressId: address?.id ?? null,
    weightGrams: weightGramsOf(lines),
    isFreeShipping: freight?.isFreeShipping ?? false,
    freightNote: freight?.note ?? '请选择收货地址后计算运费',
    coupons,
    memberCouponIds: combination.memberCouponIds,
    ...amounts,
  };
  return { pricing, draft, coupons };
}

/** The preview call: the cart's selected lines priced for the buyer's choices. */
export async function previewCheckout(db: Kysely<Database>, userId: number, choice: CheckoutChoice, now = Date.now()): Promise<SettlementPricing> {
  const carrier = carrierOrThrow(choice.carrierCode);
  const address = carrier.isPickup || choice.addressId === null ? null : await shippingAddressOf(db, userId, carrier, choice.addressId);
  const selection = await priceSelection(db, userId, choice.shortfallChoice, undefined, { quotationId: choice.quotationId, now });
  const { pricing } = await pricingOf(db, userId, selection, choice, address, now);
  return pricing;
}

/** A fresh key for one view of the checkout page: a double click or a retried request makes one order. */
export function newIdempotencyKey(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * /offer/settlement: the default address, the first carrier, ship what is in stock, the best coupons.
 * With a quotationId, the accepted offer's lines at their quoted prices instead of the cart.
 */
export async function loadSettlement(
  db: Kysely<Database>,
  orders: OrderConfig,
  userId: number,
  now = Date.now(),
  quotationId?: number,
): Promise<SettlementData> {
  const [addresses, invoiceProfiles, selection] = await Promise.all([
    listAddresses(db, userId),
    listInvoiceProfiles(db, userId),
    priceSelection(db, userId, ShortfallChoice.shipAvailable, undefined, { quotationId, now }),
  ]);
  const address = addresses.find((candidate) => candidate.isDefault) ?? addresses[0] ?? null;
  const choice: CheckoutChoice = {
    carrierCode: defaultCarrierCode,
    addressId: address?.id ?? null,
    shortfallChoice: ShortfallChoice.shipAvailable,
    quotationId,
  };
  const [{ pricing }, thresholdCents, pickupAddress] = await Promise.all([
    pricingOf(db, userId, selection, choice, address, now),
    loadFreeShippingThresholdCents(db),
    loadPickupAddress(db),
  ]);
  const dispatchWarehouses = await dispatchWarehousesOfParts(
    db,
    pricing.lines.map((line) => line.productId),
  );
  return {
    ...pricing,
    carriers: carriersWithThreshold(thresholdCents, pickupAddress),
    dispatchWarehouses,
    addresses,
    invoiceProfiles,
    paymentMinutes: orders.paymentMinutes,
    quotedPayableCents: pricing.payableCents,
    idempotencyKey: newIdempotencyKey(),
    ...(selection.quotation ? { quotation: selection.quotation } : {}),
  };
}
