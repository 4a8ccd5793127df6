import type { Kysely } from 'kysely';
import type { SiteSettings } from '../../../contract/console/content.ts';
import { defaultGreetings, type Greetings } from '../../../contract/home.ts';
import { freeShippingThresholdCents } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { findSiteConfig, findSiteConfigValues } from './content.repository.ts';
import { upsertSiteConfig } from './content-staff.repository.ts';
import { workingHours } from './help-links.ts';

// The lists staff edit beside the settings (the console's 热门搜索词 and 友情链接).
export { findFriendlyLinks, findHotLabels } from './content.repository.ts';

/**
 * The site settings staff edit (站点设置), as site_config keys. The free-shipping threshold lives
 * here only: checkout's freight, the carriers' notes and the delivery help page all read it.
 */
export const siteSettingKeys = {
  hotline: 'phone',
  serviceHours: 'hours',
  pickupAddress: 'pickupAddress',
  landLine: 'landLine',
  qq: 'qq',
  qqKey: 'qqKey',
  wechatQr: 'operateQrCode',
  icpText: 'icpText',
  freeShippingThresholdCents: 'freeShippingThresholdCents',
  greetingMorning: 'greetingMorning',
  greetingAfternoon: 'greetingAfternoon',
  greetingEvening: 'greetingEvening',
} as const;

/** A stored threshold that is not a whole number of cents ≥ 0 falls back to the standard one. */
export function thresholdOf(value: string | undefined): number {
  const cents = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isSafeInteger(cents) && cents >= 0 ? cents : freeShippingThresholdCents;
}

/** Read per checkout and per page that shows it: one row, never a stale copy. */
export async function loadFreeShippingThresholdCents(db: Kysely<Database>): Promise<number> {
  const values = await findSiteConfigValues(db, [siteSettingKeys.freeShippingThresholdCents]);
  return thresholdOf(values.get(siteSettingKeys.freeShippingThresholdCents));
}

export function greetingsOf(values: ReadonlyMap<string, string>): Greetings {
  const pick = (key: string, fallback: string) => {
    const value = values.get(key);
    return value === undefined || value === '' ? fallback : value;
  };
  return {
    morning: pick(siteSettingKeys.greetingMorning, defaultGreetings.morning),
    afternoon: pick(siteSettingKeys.greetingAfternoon, defaultGreetings.afternoon),
    evening: pick(siteSettingKeys.greetingEvening, defaultGreetings.evening),
  };
}

export async function loadGreetings(db: Kysely<Database>): Promise<Greetings> {
  return greetingsOf(await findSiteConfigValues(db, [siteSettingKeys.greetingMorning, siteSettingKeys.greetingAfternoon, siteSettingKeys.greetingEvening]));
}

/** The site facts kept in the settings; each '' falls back to its default (see SiteSettings). */
export interface SiteSettingFacts {
  hotline: string;
  serviceHours: string;
  /** '' when staff set none: the pickup warehouse's address applies. */
  pickupAddress: string;
  freeShippingThresholdCents: number;
}

/** Read by site facts (site-facts.service.ts, behind its cache) with the hotline of the server's configuration as the default. */
export async function loadSiteSettingFacts(db: Kysely<Database>, defaultHotline: string): Promise<SiteSettingFacts> {
  const values = await findSiteConfigValues(db, [
    siteSettingKeys.hotline,
    siteSettingKeys.serviceHours,
    siteSettingKeys.pickupAddress,
    siteSettingKeys.freeShippingThresholdCents,
  ]);
  const value = (key: string) => values.get(key) ?? '';
  return {
    hotline: value(siteSettingKeys.hotline) || defaultHotline,
    serviceHours: value(siteSettingKeys.serviceHours) || workingHours,
    pickupAddress: value(siteSettingKeys.pickupAddress),
    freeShippingThresholdCents: thresholdOf(values.get(siteSettingKeys.freeShippingThresholdCents)),
  };
}

/** The pickup address staff set ('' for none: the pickup warehouse's address applies). */
export async function loadPickupAddressSetting(db: Kysely<Database>): Promise<string> {
  return (await findSiteConfigValues(db, [siteSettingKeys.pickupAddress])).get(siteSettingKeys.pickupAddress) ?? '';
}

/** 站点设置 as staff edit them (the console's content desk). */
export async function loadSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const values = await findSiteConfig(db);
  const value = (key: string) => values.get(key) ?? '';
  return {
    hotline: value(siteSettingKeys.hotline),
    serviceHours: value(siteSettingKeys.serviceHours),
    pickupAddress: value(siteSettingKeys.pickupAddress),
    landLine: value(siteSettingKeys.landLine),
    qq: value(siteSettingKeys.qq),
    qqKey: value(siteSettingKeys.qqKey),
    wechatQr: value(siteSettingKeys.wechatQr),
    icpText: value(siteSettingKeys.icpText),
    freeShippingThresholdCents: thresholdOf(values.get(siteSettingKeys.freeShippingThresholdCents)),
    greetings: greetingsOf(values),
  };
}

/** The site_config rows of the settings (the console's preview lays them over the live ones). */
export function siteConfigValuesOf(settings: SiteSettings): Record<string, string> {
  return {
    [siteSettingKeys.hotline]: settings.hotline,
    // A draft saved before these settings existed has neither: it leaves them to their defaults.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
    [siteSettingKeys.serviceHours]: settings.serviceHours ?? '',
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- see above
    [siteSettingKeys.pickupAddress]: settings.pickupAddress ?? '',
    [siteSettingKeys.landLine]: settings.landLine,
    [siteSettingKeys.qq]: settings.qq,
    [siteSettingKeys.qqKey]: settings.qqKey,
    [siteSettingKeys.wechatQr]: settings.wechatQr,
    [siteSettingKeys.icpText]: settings.icpText,
    [siteSettingKeys.freeShippingThresholdCents]: String(settings.freeShippingThresholdCents),
    [siteSettingKeys.greetingMorning]: settings.greetings.morning,
    [siteSettingKeys.greetingAfternoon]: settings.greetings.afternoon,
    [siteSettingKeys.greetingEvening]: settings.greetings.evening,
  };
}

/**
 * 站点设置, published in one statement in the caller's transaction: the shell's contact channels, the home
 * greetings and the free-shipping threshold (checkout's freight and the delivery help page read it from here, the same row).
 */
export async function publishSiteSettings(db: Kysely<Database>, settings: SiteSettings): Promise<void> {
  await upsertSiteConfig(
    db,
    Object.entries(siteConfigValuesOf(settings)).map(([key, value]) => ({ key, value })),
  );
}
