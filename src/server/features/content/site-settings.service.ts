import type { Kysely } from 'kysely';
import { defaultGreetings, type Greetings } from '../../../contract/home.ts';
import { freeShippingThresholdCents } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';

// The lists staff edit beside the settings (the console's 热门搜索词 and 友情链接).
export { findFriendlyLinks, findHotLabels } from './content.repository.ts';

/**
 * The site settings staff edit (站点设置), as site_config keys. The free-shipping threshold lives
 * here only: checkout's freight, the carriers' notes and the delivery help page all read it.
 */
export const siteSettingKeys = {
  hotline: 'phone',
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

async function readValues(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('siteConfig').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** A stored threshold that is not a whole number of cents ≥ 0 falls back to the standard one. */
export function thresholdOf(value: string | undefined): number {
  const cents = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isSafeInteger(cents) && cents >= 0 ? cents : freeShippingThresholdCents;
}

/** Read per checkout and per page that shows it: one row, never a stale copy. */
export async function loadFreeShippingThresholdCents(db: Kysely<Database>): Promise<number> {
  const values = await readValues(db, [siteSettingKeys.freeShippingThresholdCents]);
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
  return greetingsOf(await readValues(db, [siteSettingKeys.greetingMorning, siteSettingKeys.greetingAfternoon, siteSettingKeys.greetingEvening]));
}
