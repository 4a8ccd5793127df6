import type { FastifyRequest } from 'fastify';
import type { AdvertisingInfo, ConfigInfo, FooterData, ServiceInfo } from '../../../contract/content.ts';
import { couponPaths } from '../../../contract/coupon.ts';
import { shellLimits, type CategoryGroup, type ShellState, type ShellUser } from '../../../contract/shell.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { Visitor } from '../../http/session.ts';
import { databaseFailureOf } from '../../db/database-errors.ts';
import { loadMemberCard } from '../account/member-card.service.ts';
import { countCartLinesOf } from '../cart/cart.service.ts';
import { visitorHasNewMemberPack } from '../coupon/coupon.service.ts';
import { createCategoryTreeCache } from '../catalog/category-tree.service.ts';
import {
  configInfoOf,
  createSiteContentCache,
  type SiteContent,
  footerDataOf,
  loadAdvertisingInfo,
  loadServiceInfo,
  pickAds,
} from '../content/content.service.ts';
import { loadMessageSummary, type MessageSummary } from '../message/message.service.ts';
import { countUnpaidOrdersOf } from '../order/order.service.ts';
import { mobileSiteLinkFor } from '../mobile/mobile-link.service.ts';

const visitor: ShellUser = { isLogin: false, nickName: '', userNumber: '' };

interface MemberShell {
  user: ShellUser;
  cartCount: number;
  unpaidOrderCount: number;
  messages: MessageSummary;
  serviceInfo: ServiceInfo | null;
  hasNewMemberPack: boolean;
}

async function loadMemberShell(deps: ServiceDeps, member: Visitor, userId: number): Promise<MemberShell | null> {
  const [card, cartCount, unpaidOrderCount, messages, serviceInfo, hasPack] = await Promise.all([
    loadMemberCard(deps.db, member),
    countCartLinesOf(deps.db, userId),
    countUnpaidOrdersOf(deps.db, userId),
    loadMessageSummary(deps.db, userId),
    loadServiceInfo(deps.db, userId),
    visitorHasNewMemberPack(deps.db, member),
  ]);
  if (!card) return null;
  return {
    user: { isLogin: true, nickName: card.nickName, userNumber: card.userNumber },
    cartCount,
    unpaidOrderCount,
    messages,
    serviceInfo,
    hasNewMemberPack: hasPack,
  };
}

/**
 * The state of the status bar, header, sidebar and footer for this request's visitor.
 * Site-wide parts come from in-process caches; a member costs one query per concern.
 */
export type ShellLoader = (request: FastifyRequest) => Promise<ShellState>;

/** The shell loader of one app: its category tree and site content caches are made once, here. */
export function createShellLoader(deps: ServiceDeps): ShellLoader {
  return createShellLoaders(deps).loadShell;
}

/**
 * The shell loader, and what tells apart the shells of two visitors (not members): the ads each
 * still sees (an ad closed today is gone) and the 手机版 link phones get. Two visitors with the same
 * variant on the same address are shown the same shell, so a page cache may serve them the same
 * bytes; everything else in a visitor's shell (menus, hot keywords, footer) is the same for all.
 */
export function createShellLoaders(deps: ServiceDeps): { loadShell: ShellLoader; visitorVariantOf: (request: FastifyRequest) => Promise<string> } {
  const caches = { categoryTree: createCategoryTreeCache(deps.db, deps.cacheVersions), siteContent: createSiteContentCache(deps.db, deps.cacheVersions) };
  return {
    loadShell: (request) => loadShellState(request, deps, caches),
    async visitorVariantOf(request) {
      const content = await caches.siteContent.load();
      const ads = await loadAdvertisingInfo(deps.db, request.visitor, content.openAds);
      const mobileSiteHref = mobileSiteLinkFor(request.headers['user-agent'], deps.config.mobileSite);
      return `ads:${ads.top?.adPosId ?? '-'},${ads.sidebar?.adPosId ?? '-'},${ads.popup?.adPosId ?? '-'}|mobile:${mobileSiteHref ?? '-'}`;
    },
  };
}

interface ShellCaches {
  categoryTree: { load(): Promise<CategoryGroup[]> };
  siteContent: { load(): Promise<SiteContent> };
}

/** The shell of an error page while the database is down: the site's name and links, no menus or member data. */
const contentWithoutDatabase: SiteContent = { config: new Map(), hotLabels: [], friendlyLinks: [], openAds: [] };

async function loadShellState(request: FastifyRequest, deps: ServiceDeps, caches: ShellCaches): Promise<ShellState> {
  // Requests outside the shop's scope have no visitor: an error page of a missing /assets/ file, the console's pages and error pages.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the request type says every request has one
  const requestVisitor: Visitor = request.visitor ?? { sid: '', userId: null };
  try {
    return await loadShellParts(request, deps, caches, requestVisitor);
  } catch (error) {
    if (databaseFailureOf(error) === null) throw error;
    return shellStateOf(request, deps, {
      categoryTree: [],
      content: contentWithoutDatabase,
      member: null,
      advertisingInfo: { top: null, sidebar: null, popup: null },
    });
  }
}

async function loadShellParts(request: FastifyRequest, deps: ServiceDeps, caches: ShellCaches, requestVisitor: Visitor): Promise<ShellState> {
  const userId = requestVisitor.userId;
  const [categoryTree, content, member] = await Promise.all([
    caches.categoryTree.load(),
    caches.siteContent.load(),
    userId !== null ? loadMemberShell(deps, requestVisitor, userId) : null,
  ]);
  // A member who has the new-member pack is not offered it again (the ads linking to its page).
  const openAds = member?.hasNewMemberPack ? content.openAds.filter((ad) => ad.clickUrl !== couponPaths.newMemberPack) : content.openAds;
  const advertisingInfo = await loadAdvertisingInfo(deps.db, requestVisitor, openAds);
  return shellStateOf(request, deps, { categoryTree, content, member, advertisingInfo });
}

interface ShellParts {
  categoryTree: CategoryGroup[];
  content: SiteContent;
  member: MemberShell | null;
  advertisingInfo: AdvertisingInfo;
}

interface SiteParts {
  year: string;
  configInfo: ConfigInfo;
  footerData: FooterData;
}

/**
 * The contact channels and footer made from one site content: the same objects for every request
 * until the content is reloaded (or the year turns, for the default copyright), so the server keeps
 * the footer's markup (ServerMarkup) instead of rendering it for every page.
 */
const sitePartsByContent = new WeakMap<SiteContent, SiteParts>();

function sitePartsOf(content: SiteContent, deps: ServiceDeps, now = Date.now()): SiteParts {
  const year = formatBeijingDate(now).slice(0, 4);
  const kept = sitePartsByContent.get(content);
  if (kept?.year === year) return kept;
  const configInfo = configInfoOf(content, deps.config.hotline);
  const parts = { year, configInfo, footerData: footerDataOf(content, configInfo, deps.config.siteName, now) };
  sitePartsByContent.set(content, parts);
  return parts;
}

function shellStateOf(request: FastifyRequest, deps: ServiceDeps, { categoryTree, content, member, advertisingInfo }: ShellParts): ShellState {
  const { configInfo, footerData } = sitePartsOf(content, deps);
  const isLogin = member !== null;
  const cartCount = member?.cartCount ?? 0;
  const mobileSiteHref = mobileSiteLinkFor(request.headers['user-agent'], deps.config.mobileSite);
  return {
    siteName: deps.config.siteName,
    hotline: configInfo.phone,
    qiniuImgAddress: deps.config.imageBaseUrl,
    ...(deps.config.uploads.qiniu ? { qiniuImageDomain: deps.config.uploads.qiniu.domain } : {}),
    user: member?.user ?? visitor,
    currentPath: request.url,
    headerData: {
      categoryList: categoryTree.slice(0, shellLimits.menuGroups),
      hotLabelList: content.hotLabels,
      showCategory: request.url.split('?')[0] === '/',
      bomMessageCount: member?.messages.bomMessageCount ?? 0,
      isLogin,
      productCount: cartCount,
      cartCount,
      unpaidOrderCount: member?.unpaidOrderCount ?? 0,
    },
    headerStatusInfo: {
      unreadCount: member?.messages.unreadCount ?? 0,
      messageList: member?.messages.latest ?? [],
    },
    footerData,
    sidebarInfo: { configInfo, serviceInfo: member?.serviceInfo ?? null },
    advertisingInfo,
    ...(mobileSiteHref === null ? {} : { mobileSiteHref }),
  };
}

/**
 * The shell with other site content (the console's preview of drafts): hotline, contact channels,
 * hot keywords, footer and ads from `content`; the rest (menus, the member's counts) as loaded.
 * The ads ignore what the viewer closed today, so the preview always shows them.
 */
export function shellWithSiteContent(shell: ShellState, content: SiteContent, deps: ServiceDeps): ShellState {
  const configInfo = configInfoOf(content, deps.config.hotline);
  return {
    ...shell,
    hotline: configInfo.phone,
    headerData: { ...shell.headerData, hotLabelList: content.hotLabels },
    footerData: footerDataOf(content, configInfo, deps.config.siteName),
    sidebarInfo: { ...shell.sidebarInfo, configInfo },
    advertisingInfo: pickAds(content.openAds, new Set()),
  };
}
