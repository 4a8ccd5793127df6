import type { Kysely } from 'kysely';
import type { AdminAd, SiteSettings } from '../../../contract/console/content.ts';
import type { Database } from '../../db/database.ts';
import { readSiteContent, type SiteContent } from '../content/content.service.ts';
import { siteConfigValuesOf } from '../content/site-settings.service.ts';
import { listAdminAds } from './ad-desk.service.ts';
import { readDrafted } from './content-drafts.service.ts';
import { friendlyLinksDraft, hotKeywordsDraft, siteSettingsDraft } from './site-desk.service.ts';

/** What the shop's shell and home page would show once every waiting draft is published. */
export interface PreviewSiteContent {
  content: SiteContent;
  settings: SiteSettings;
}

function adRowOf(ad: AdminAd): SiteContent['openAds'][number] {
  const { sort: _sort, ...shown } = ad;
  return { ...shown, isOpen: ad.isOpen ? 1 : 0, openType: ad.openType ? 1 : 0 };
}

/** The live site content with the drafts laid over it: read straight from the database for the console's preview, never cached. */
export async function readPreviewSiteContent(db: Kysely<Database>): Promise<PreviewSiteContent> {
  const [live, settings, hotKeywords, friendlyLinks, ads] = await Promise.all([
    readSiteContent(db),
    readDrafted(db, siteSettingsDraft),
    readDrafted(db, hotKeywordsDraft),
    readDrafted(db, friendlyLinksDraft),
    listAdminAds(db),
  ]);
  const previewSettings = settings.draft ?? settings.live;
  const config = new Map(live.config);
  if (settings.draft) for (const [key, value] of Object.entries(siteConfigValuesOf(settings.draft))) config.set(key, value);
  const openAds = ads
    .map((ad) => ad.draft ?? ad.live)
    .filter((ad) => ad.isOpen)
    .sort((a, b) => a.sort - b.sort || a.adPosId - b.adPosId)
    .map(adRowOf);
  return {
    content: { config, hotLabels: hotKeywords.draft ?? hotKeywords.live, friendlyLinks: friendlyLinks.draft ?? friendlyLinks.live, openAds },
    settings: previewSettings,
  };
}
