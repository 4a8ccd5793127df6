import type { Kysely } from 'kysely';
import type { Drafted, SiteSettings } from '../../../contract/admin-content.ts';
import type { FriendlyLink, HotLabel } from '../../../contract/content.ts';
import { searchUrl } from '../../../contract/search-url.ts';
import type { Database } from '../../db/database.ts';
import { findFriendlyLinks, findHotLabels, greetingsOf, siteSettingKeys, thresholdOf } from '../content/site-settings.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { readDrafted, saveDraft, type DraftSubject } from './content-drafts.service.ts';

type Db = Kysely<Database>;

/** The list as staff ordered it replaces the old one when published. */
export const hotKeywordsDraft: DraftSubject<HotLabel[]> = {
  key: 'hotKeywords',
  readLive: findHotLabels,
  async publish(db, items) {
    await db.deleteFrom('hotLabels').execute();
    if (items.length > 0)
      await db
        .insertInto('hotLabels')
        .values(items.map((item, sort) => ({ ...item, sort })))
        .execute();
  },
};

export const friendlyLinksDraft: DraftSubject<FriendlyLink[]> = {
  key: 'friendlyLinks',
  readLive: findFriendlyLinks,
  async publish(db, items) {
    await db.deleteFrom('friendlyLinks').execute();
    if (items.length > 0)
      await db
        .insertInto('friendlyLinks')
        .values(items.map((item, sort) => ({ ...item, sort })))
        .execute();
  },
};

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

/** The site_config rows of the settings (the preview lays them over the live ones). */
export function storedValues(settings: SiteSettings): Record<string, string> {
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
 * 站点设置, published in one statement: the shell's contact channels, the home greetings and the
 * free-shipping threshold (checkout's freight and the delivery help page read it from here, the same row).
 */
export const siteSettingsDraft: DraftSubject<SiteSettings> = {
  key: 'siteSettings',
  readLive: loadSiteSettings,
  async publish(db, settings) {
    const rows = Object.entries(storedValues(settings)).map(([key, value]) => ({ key, value }));
    await db
      .insertInto('siteConfig')
      .values(rows)
      .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
      .execute();
  },
};

export const listHotKeywords = (db: Db) => readDrafted(db, hotKeywordsDraft);
export const listFriendlyLinks = (db: Db) => readDrafted(db, friendlyLinksDraft);
export const getSiteSettings = (db: Db) => readDrafted(db, siteSettingsDraft);

/** A keyword without a link searches for itself. */
export async function saveHotKeywords(db: Db, actor: StaffActor, items: readonly HotLabel[], revision: number): Promise<Drafted<HotLabel[]>> {
  const normalised = items.map((item) => ({ keyword: item.keyword, url: item.url === '' ? searchUrl(item.keyword) : item.url }));
  return saveDraft(db, actor, hotKeywordsDraft, revision, normalised);
}

export async function saveFriendlyLinks(db: Db, actor: StaffActor, items: readonly FriendlyLink[], revision: number): Promise<Drafted<FriendlyLink[]>> {
  return saveDraft(
    db,
    actor,
    friendlyLinksDraft,
    revision,
    items.map((item) => ({ linkName: item.linkName, linkUrl: item.linkUrl })),
  );
}

export async function saveSiteSettings(db: Db, actor: StaffActor, settings: SiteSettings, revision: number): Promise<Drafted<SiteSettings>> {
  const { hotline, landLine, qq, qqKey, wechatQr, icpText, freeShippingThresholdCents, greetings } = settings;
  return saveDraft(db, actor, siteSettingsDraft, revision, { hotline, landLine, qq, qqKey, wechatQr, icpText, freeShippingThresholdCents, greetings });
}
