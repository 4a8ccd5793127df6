import type { FastifyRequest } from 'fastify';
import type { ServiceInfo } from '../../../contract/content.ts';
import { shellLimits, type CategoryGroup, type ShellState, type ShellUser } from '../../../contract/shell.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { Visitor } from '../../http/session.ts';
import { findShellUser } from '../account/account.service.ts';
import { countCartLinesOf } from '../cart/cart.service.ts';
import { createCategoryTreeCache } from '../catalog/category-tree.service.ts';
import { configInfoOf, createSiteContentCache, type SiteContent, footerDataOf, loadAdvertisingInfo, loadServiceInfo } from '../content/content.service.ts';
import { loadMessageSummary, type MessageSummary } from '../message/message.service.ts';

const visitor: ShellUser = { isLogin: false, nickName: '', userNumber: '' };

interface MemberShell {
  user: ShellUser;
  cartCount: number;
  messages: MessageSummary;
  serviceInfo: ServiceInfo | null;
}

async function loadMemberShell(deps: ServiceDeps, userId: number): Promise<MemberShell | null> {
  const [member, cartCount, messages, serviceInfo] = await Promise.all([
    findShellUser(deps.db, userId),
    countCartLinesOf(deps.db, userId),
    loadMessageSummary(deps.db, userId),
    loadServiceInfo(deps.db, userId),
  ]);
  if (!member) return null;
  return { user: { isLogin: true, ...member }, cartCount, messages, serviceInfo };
}

/**
 * The state of the status bar, header, sidebar and footer for this request's visitor.
 * Site-wide parts come from in-process caches; a member costs one query per concern.
 */
export type ShellLoader = (request: FastifyRequest) => Promise<ShellState>;

/** The shell loader of one app: its category tree and site content caches are made once, here. */
export function createShellLoader(deps: ServiceDeps): ShellLoader {
  const caches = { categoryTree: createCategoryTreeCache(deps.db), siteContent: createSiteContentCache(deps.db) };
  return (request) => loadShellState(request, deps, caches);
}

interface ShellCaches {
  categoryTree: { load(): Promise<CategoryGroup[]> };
  siteContent: { load(): Promise<SiteContent> };
}

async function loadShellState(request: FastifyRequest, deps: ServiceDeps, caches: ShellCaches): Promise<ShellState> {
  // Error pages of requests outside the session scope (a missing /assets/ file) have no visitor.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the request type says every request has one
  const requestVisitor: Visitor = request.visitor ?? { sid: '', userId: null };
  const userId = requestVisitor.userId;
  const [categoryTree, content, member] = await Promise.all([
    caches.categoryTree.load(),
    caches.siteContent.load(),
    userId !== null ? loadMemberShell(deps, userId) : null,
  ]);
  const advertisingInfo = await loadAdvertisingInfo(deps.db, requestVisitor, content.openAds);
  const configInfo = configInfoOf(content, deps.config.hotline);
  const isLogin = member !== null;
  const cartCount = member?.cartCount ?? 0;
  return {
    siteName: deps.config.siteName,
    hotline: configInfo.phone,
    qiniuImgAddress: deps.config.imageBaseUrl,
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
    },
    headerStatusInfo: {
      unreadCount: member?.messages.unreadCount ?? 0,
      messageList: member?.messages.latest ?? [],
    },
    footerData: footerDataOf(content, configInfo, deps.config.siteName),
    sidebarInfo: { configInfo, serviceInfo: member?.serviceInfo ?? null },
    advertisingInfo,
  };
}
