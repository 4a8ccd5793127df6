import type { Kysely } from 'kysely';
import type { Drafted, SiteSettings } from '../../../contract/console/content.ts';
import type { FriendlyLink, HotLabel } from '../../../contract/content.ts';
import { searchUrl } from '../../../contract/search-url.ts';
import type { Database } from '../../db/database.ts';
import { publishFriendlyLinks, publishHotLabels } from '../content/content-staff.service.ts';
import { findFriendlyLinks, findHotLabels, loadSiteSettings, publishSiteSettings } from '../content/site-settings.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { readDrafted, saveDraft, type DraftSubject } from './content-drafts.service.ts';

/** The list as staff ordered it replaces the old one when published. */
export const hotKeywordsDraft: DraftSubject<HotLabel[]> = {
  key: 'hotKeywords',
  readLive: findHotLabels,
  publish: publishHotLabels,
};

export const friendlyLinksDraft: DraftSubject<FriendlyLink[]> = {
  key: 'friendlyLinks',
  readLive: findFriendlyLinks,
  publish: publishFriendlyLinks,
};

/**
 * 站点设置, published in one statement: the shell's contact channels, the service hours and pickup address
 * (site facts), the home greetings and the free-shipping threshold (content/site-settings.service.ts).
 */
export const siteSettingsDraft: DraftSubject<SiteSettings> = {
  key: 'siteSettings',
  readLive: loadSiteSettings,
  publish: publishSiteSettings,
};

export const listHotKeywords = (db: Kysely<Database>) => readDrafted(db, hotKeywordsDraft);
export const listFriendlyLinks = (db: Kysely<Database>) => readDrafted(db, friendlyLinksDraft);
export const getSiteSettings = (db: Kysely<Database>) => readDrafted(db, siteSettingsDraft);

/** A keyword without a link searches for itself. */
export async function saveHotKeywords(db: Kysely<Database>, actor: StaffActor, items: readonly HotLabel[], revision: number): Promise<Drafted<HotLabel[]>> {
  const normalised = items.map((item) => ({ keyword: item.keyword, url: item.url === '' ? searchUrl(item.keyword) : item.url }));
  return saveDraft(db, actor, hotKeywordsDraft, revision, normalised);
}

export async function saveFriendlyLinks(
  db: Kysely<Database>,
  actor: StaffActor,
  items: readonly FriendlyLink[],
  revision: number,
): Promise<Drafted<FriendlyLink[]>> {
  return saveDraft(
    db,
    actor,
    friendlyLinksDraft,
    revision,
    items.map((item) => ({ linkName: item.linkName, linkUrl: item.linkUrl })),
  );
}

export async function saveSiteSettings(db: Kysely<Database>, actor: StaffActor, settings: SiteSettings, revision: number): Promise<Drafted<SiteSettings>> {
  const { hotline, serviceHours, pickupAddress, landLine, qq, qqKey, wechatQr, icpText, freeShippingThresholdCents, greetings } = settings;
  return saveDraft(db, actor, siteSettingsDraft, revision, {
    hotline,
    serviceHours,
    pickupAddress,
    landLine,
    qq,
    qqKey,
    wechatQr,
    icpText,
    freeShippingThresholdCents,
    greetings,
  });
}
