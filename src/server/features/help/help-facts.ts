import {
  carriers,
  defaultCarrierCode,
  dispatchTimesAt,
  freeShippingNote,
  FreightZone,
  freightTableOf,
  freightZoneNames,
  pickupDescriptionOf,
} from '../../../contract/delivery.ts';
import type { CarrierFacts, DeliveryFacts, HelpFacts, HelpFactsKind, PaymentFacts } from '../../../contract/help.ts';
import { earliestCutoffOf, type SiteFacts } from '../../../contract/site-facts.ts';
import { freeShippingThresholdCents } from '../../../contract/order.ts';
import type { PaymentMethodOption } from '../../../contract/payment.ts';
import type { Config } from '../../config.ts';

/**
 * The store's real terms, read from the configuration checkout and the cashier use (never
 * copied into the articles' text), so a change of a fee or a payment method shows here too.
 */

/** Which page shows which block. */
const factsKindOfSlug: Readonly<Record<string, HelpFactsKind>> = { deliver_goods: 'delivery', pay: 'payment' };

const zones: readonly FreightZone[] = [FreightZone.local, FreightZone.near, FreightZone.far, FreightZone.remote];

function carrierFacts(carrier: (typeof carriers)[number]): CarrierFacts {
  const table = freightTableOf(carrier.code);
  return {
    code: carrier.code,
    name: carrier.name,
    description: carrier.description,
    isPickup: carrier.isPickup,
    hasFreeShipping: carrier.hasFreeShipping,
    fees:
      carrier.isPickup || !table
        ? []
        : zones.map((zone) => ({ zoneName: freightZoneNames[zone], firstKilogramCents: table[zone][0], extraKilogramCents: table[zone][1] })),
  };
}

export function deliveryFactsOf(config: Pick<Config, 'orders'>): DeliveryFacts {
  return {
    kind: 'delivery',
    freeShippingThresholdCents,
    defaultCarrierName: carriers.find((carrier) => carrier.code === defaultCarrierCode)?.name ?? '',
    carriers: carriers.map(carrierFacts),
    dispatchTimes: dispatchTimesAt(),
    autoCompleteDays: config.orders.autoCompleteDays,
  };
}

/**
 * The delivery terms under the store's current facts (site facts): the free-shipping threshold staff set,
 * where pickup is, and the dispatch times by the warehouses' earliest cut-off.
 */
export function deliveryFactsAt(facts: DeliveryFacts, site: Pick<SiteFacts, 'freeShippingThresholdCents' | 'pickupAddress' | 'warehouses'>): DeliveryFacts {
  const standard = freeShippingNote(freeShippingThresholdCents);
  const thresholdCents = site.freeShippingThresholdCents;
  return {
    ...facts,
    freeShippingThresholdCents: thresholdCents,
    carriers: facts.carriers.map((carrier) => ({
      ...carrier,
      description: carrier.isPickup ? pickupDescriptionOf(site.pickupAddress) : carrier.description.replace(standard, freeShippingNote(thresholdCents)),
    })),
    dispatchTimes: dispatchTimesAt(earliestCutoffOf(site.warehouses)),
  };
}

export function paymentFactsOf(config: Pick<Config, 'payments' | 'orders'>, methods: readonly PaymentMethodOption[]): PaymentFacts {
  return {
    kind: 'payment',
    methods: methods.map((method) => ({ ...method })),
    bank: { ...config.payments.bank },
    bankTransferWindowDays: config.payments.bankTransferWindowDays,
    paymentMinutes: config.orders.paymentMinutes,
  };
}

export interface HelpFactsSource {
  delivery: DeliveryFacts;
  payment: PaymentFacts;
}

export function factsOfSlug(source: HelpFactsSource, slug: string): HelpFacts | null {
  const kind = factsKindOfSlug[slug];
  return kind ? source[kind] : null;
}
