import type { Kysely } from 'kysely';
import type { SiteSettings } from '../../../contract/admin-content.ts';
import type { FriendlyLink, HotLabel } from '../../../contract/content.ts';
import { searchUrl } from '../../../contract/search-url.ts';
import type { Database } from '../../db/database.ts';
import { findFriendlyLinks, findHotLabels, greetingsOf, siteSettingKeys, thresholdOf } from '../content/site-settings.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';

type Db = Kysely<Database>;

export const listHotKeywords = findHotLabels;
export const listFriendlyLinks = findFriendlyLinks;

/** The list as staff ordered it replaces the old one; a keyword without a link searches for itself. */
export async function saveHotKeywords(db: Db, actor: StaffActor, items: readonly HotLabel[]): Promise<HotLabel[]> {
  const rows = items.map((item, sort) => ({ keyword: item.keyword, url: item.url === '' ? searchUrl(item.keyword) : item.url, sort }));
  return db.transaction().execute(async (trx) => {
    const before = await findHotLabels(trx);
    await trx.deleteFrom('hotLabels').execute();
    if (rows.length > 0) await trx.insertInto('hotLabels').values(rows).execute();
    const after = await findHotLabels(trx);
    await recordStaffChange(trx, { ...actor, action: 'update', subject: 'Content', subjectId: 'hotKeywords', before, after });
    return after;
  });
}

export async function saveFriendlyLinks(db: Db, actor: StaffActor, items: readonly FriendlyLink[]): Promise<FriendlyLink[]> {
  const rows = items.map((item, sort) => ({ linkName: item.linkName, linkUrl: item.linkUrl, sort }));
  return db.transaction().execute(async (trx) => {
    const before = await findFriendlyLinks(trx);
    await trx.deleteFrom('friendlyLinks').execute();
    if (rows.length > 0) await trx.insertInto('friendlyLinks').values(rows).execute();
    const after = await findFriendlyLinks(trx);
    await recordStaffChange(trx, { ...actor, action: 'update', subject: 'Content', subjectId: 'friendlyLinks', before, after });
    return after;
  });
}

export async function loadSiteSettings(db: Db): Promise<SiteSettings> {
  const rows = await db.selectFrom('siteConfig').select(['key', 'value']).execute();
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const value = (key: string) => values.get(key) ?? '';
  return {
    hotline: value(siteSettingKeys.hotline),
    landLine: value(siteSettingKeys.landLine),
    qq: value(siteSettingKeys.qq),
    qqKey: value(siteSettingKeys.qqKey),
    wechatQr: value(siteSettingKeys.wechatQr),
    icpText: value(siteSettingKeys.icpText),
    freeShippingThresholdCents: thresholdOf(values.get(siteSettingKeys.freeShippingThresholdCents)),
    greetings: greetingsOf(values),
  };
}

function storedValues(settings: SiteSettings): Record<string, string> {
  return {
    [siteSettingKeys.hotline]: settings.hotline,
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
 * 站点设置 in one transaction: the shell's contact channels, the home greetings and the free-shipping
 * threshold (checkout's freight and the delivery help page read it from here, the same row).
 */
export async function saveSiteSettings(db: Db, actor: StaffActor, settings: SiteSettings): Promise<SiteSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await loadSiteSettings(trx);
    const rows = Object.entries(storedValues(settings)).map(([key, value]) => ({ key, value }));
    await trx
      .insertInto('siteConfig')
      .values(rows)
      .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
    const after = await loadSiteSettings(trx);
    await recordStaffChange(trx, { ...actor, action: 'update', subject: 'Content', subjectId: 'siteSettings', before, after });
    return after;
  });
}
