import type { Kysely } from 'kysely';
import {
  contentErrors,
  type Ad,
  type AdvertisingInfo,
  type ConfigInfo,
  type FooterData,
  type FriendlyLink,
  type HotLabel,
  type ServiceInfo,
} from '../../../contract/content.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { Database } from '../../db/database.ts';
import type { CacheVersions } from '../../cache/cache-versions.ts';
import { createMemoCache } from '../../cache/memo-cache.ts';
import { AppError } from '../../http/app-error.ts';
import { hashSid, type Visitor } from '../../http/session.ts';
import { createVisitorMemo } from '../../http/visitor-memo.ts';
import {
  deleteAdClosesBefore,
  findAd,
  findClosedAdIds,
  findFriendlyLinks,
  findHotLabels,
  findOpenAds,
  findServiceInfo,
  findSiteConfig,
  insertAdClose,
  type AdRow,
} from './content.repository.ts';
import { helpColumns, workingHours } from './help-links.ts';

/** What every page's shell reads and editors rarely change: cached in process until an edit (cache versions), a minute at most. */
export interface SiteContent {
  config: Map<string, string>;
  hotLabels: HotLabel[];
  friendlyLinks: FriendlyLink[];
  openAds: AdRow[];
}

/** How long a change the cache versions do not see may take to reach every page's shell. */
export const siteContentTtlMs = 60_000;

/** What the shop shows now, read straight from the database (the cache below, and the console's preview, start from it). */
export async function readSiteContent(db: Kysely<Database>): Promise<SiteContent> {
  const [config, hotLabels, friendlyLinks, openAds] = await Promise.all([findSiteConfig(db), findHotLabels(db), findFriendlyLinks(db), findOpenAds(db)]);
  return { config, hotLabels, friendlyLinks, openAds };
}

/** The site content of one app's database, read again after an edit (concurrent pages share the read). */
export interface SiteContentCache {
  load(): Promise<SiteContent>;
}

/** Made once per app, closing over its database: a test app never sees another's content. */
export function createSiteContentCache(db: Kysely<Database>, versions: CacheVersions): SiteContentCache {
  const cache = createMemoCache<'site', SiteContent>({
    ttlMs: siteContentTtlMs,
    maxEntries: 1,
    version: versions.of('site_config', 'hot_labels', 'friendly_links', 'ads'),
  });
  return {
    load: () => cache.get('site', () => readSiteContent(db)),
  };
}

/** An editor clears a setting by leaving it empty: the default applies then too. */
function nonEmpty(value: string | undefined, fallback: string): string {
  return value === undefined || value === '' ? fallback : value;
}

/** The hotline is site_config `phone` when set, otherwise the HOTLINE setting. */
export function configInfoOf(content: SiteContent, hotline: string): ConfigInfo {
  const value = (key: string) => content.config.get(key) ?? '';
  return {
    landLine: value('landLine'),
    phone: value('phone') || hotline,
    qq: value('qq'),
    key: value('qqKey'),
    operateQrCode: value('operateQrCode'),
  };
}

export function footerDataOf(content: SiteContent, configInfo: ConfigInfo, siteName: string, now = Date.now()): FooterData {
  const year = formatBeijingDate(now).slice(0, 4);
  return {
    helpColumns,
    friendlyLinks: content.friendlyLinks,
    hotline: configInfo.phone,
    hours: nonEmpty(content.config.get('hours'), workingHours),
    icpText: content.config.get('icpText') ?? '',
    copyright: nonEmpty(content.config.get('copyright'), `© ${year} ${siteName} 版权所有`),
  };
}

/** Who closed an ad: the member, or the anonymous browser (its hashed sid). */
export function visitorKeyOf(visitor: Visitor): string {
  return visitor.userId !== null ? `u:${visitor.userId}` : `s:${hashSid(visitor.sid)}`;
}

function toAd(row: AdRow): Ad {
  return {
    adPosId: row.adPosId,
    isOpen: row.isOpen === 1,
    openType: row.openType === 1,
    picFilePath: row.picFilePath,
    clickUrl: row.clickUrl,
    backgroundColor: row.backgroundColor,
  };
}

/** The first open ad of each position that this visitor has not closed today. */
export function pickAds(openAds: AdRow[], closedIds: Set<number>): AdvertisingInfo {
  const pick = (position: AdRow['position']) => {
    const row = openAds.find((ad) => ad.position === position && !closedIds.has(ad.adPosId));
    return row ? toAd(row) : null;
  };
  return { top: pick('top'), sidebar: pick('sidebar'), popup: pick('popup') };
}

/** The ads a request's visitor closed today, read once: a page the cache keeps asks for its variant, then renders the shell. */
const closedAdIdsOfRequest = createVisitorMemo<Set<number>>();

export async function loadAdvertisingInfo(db: Kysely<Database>, visitor: Visitor, openAds: AdRow[], now = Date.now()): Promise<AdvertisingInfo> {
  if (openAds.length === 0) return { top: null, sidebar: null, popup: null };
  // A sid made for this request has closed nothing.
  if (visitor.isNew === true) return pickAds(openAds, new Set());
  const closedIds = await closedAdIdsOfRequest(visitor, () => findClosedAdIds(db, visitorKeyOf(visitor), formatBeijingDate(now)));
  return pickAds(openAds, closedIds);
}

const closesPerMinute = 30;

/** contentCalls.updateAdvertisingStatus: the ad stays closed for this visitor until Beijing midnight. */
export async function closeAd(deps: ServiceDeps, visitor: Visitor, adPosId: number, now = Date.now()): Promise<void> {
  const visitorKey = visitorKeyOf(visitor);
  const { isAllowed } = await deps.counters.consume(`ad-close:${visitorKey}`, closesPerMinute, 60, now);
  if (!isAllowed) throw new AppError(contentErrors.tooManyCloses);
  const ad = await findAd(deps.db, adPosId);
  if (!ad) throw new AppError(contentErrors.notFound);
  const day = formatBeijingDate(now);
  await insertAdClose(deps.db, { visitorKey, adPosId, day, closedAt: now });
  await deleteAdClosesBefore(deps.db, day);
}

export async function loadServiceInfo(db: Kysely<Database>, userId: number): Promise<ServiceInfo | null> {
  const row = await findServiceInfo(db, userId);
  if (!row) return null;
  return { ...row, enableFlag: row.enableFlag === 1 };
}
