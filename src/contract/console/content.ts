/** 内容管理 (the console's content desk): what its calls answer and its pages show. */
import type { AdPosition, FriendlyLink, HotLabel } from '../content.ts';
import { ResultCode } from '../envelope.ts';
import { defineErrors } from '../errors.ts';
import type { Greetings } from '../home.ts';
import type { NewsKind } from '../news.ts';
import type { StaffHomePageData } from '../staff.ts';
import type { GridPage } from '../staff-grid.ts';
import type { AdminWarehouse } from '../warehouse.ts';

export const adPositionLabels: Record<AdPosition, string> = { top: '顶部横幅', sidebar: '侧边栏广告', popup: '首页弹窗' };

/** A slide of the home carousel as staff see it. picFilePath: relative to the image base, or a root path. */
export interface AdminBanner {
  id: number;
  picFilePath: string;
  backgroundColor: string;
  clickUrl: string;
  /** Opens in the same window. */
  openType: boolean;
  sort: number;
  isPublished: boolean;
  /** Epoch ms; null: no start / no end. */
  startsAt: number | null;
  endsAt: number | null;
}

export interface AdminNewsRow {
  newsId: number;
  kind: NewsKind;
  title: string;
  linkUrl: string | null;
  releaseDate: number;
  isPublished: boolean;
  /** The sanitised HTML, or the plain text's paragraphs as HTML for entries written before the console. */
  bodyHtml: string;
}

export interface AdminHelpPage {
  slug: string;
  title: string;
  description: string;
  groupName: string;
  sort: number;
  bodyHtml: string;
  updatedAt: number;
}

export interface AdminAd {
  adPosId: number;
  position: AdPosition;
  isOpen: boolean;
  openType: boolean;
  picFilePath: string;
  clickUrl: string;
  backgroundColor: string;
  sort: number;
}

/**
 * 站点设置. hotline '' means the HOTLINE setting of the server's configuration, serviceHours '' the spec's
 * 周一至周六 9:00-18:00, pickupAddress '' the address of the warehouse that offers pickup.
 */
export interface SiteSettings {
  hotline: string;
  serviceHours: string;
  pickupAddress: string;
  landLine: string;
  qq: string;
  qqKey: string;
  /** The official WeChat QR picture, relative to the image base. */
  wechatQr: string;
  icpText: string;
  freeShippingThresholdCents: number;
  greetings: Greetings;
}

/**
 * A piece of content staff edit as a draft, preview on the shop's pages and then publish: the site
 * settings, the hot keywords and the friendly links each as a whole, and each ad on its own.
 */
export type ContentDraftKey = 'siteSettings' | 'hotKeywords' | 'friendlyLinks' | `ad:${number}`;

export const contentDraftKeyPattern = /^(siteSettings|hotKeywords|friendlyLinks|ad:[1-9][0-9]{0,9})$/;

export function adDraftKey(adPosId: number): ContentDraftKey {
  return `ad:${adPosId}`;
}

/** What the shop shows, the draft waiting to be published (null: none), and the revision a save, publish or discard names. */
export interface Drafted<T> {
  live: T;
  draft: T | null;
  revision: number;
}

/** After a publish or a discard: there is no draft, and this is the revision to name next. */
export interface ContentDraftState {
  revision: number;
}

export interface UploadedContentImage {
  /** What a banner or ad stores (relative to the image base). */
  path: string;
  url: string;
}

/** The content desk's pages: the staff member, the menu, and the image base for previews. */
export interface ContentDeskPageBase extends StaffHomePageData {
  imageBase: string;
}

export interface ContentHomePageData extends ContentDeskPageBase {
  banners: AdminBanner[];
}

export interface ContentNewsPageData extends ContentDeskPageBase {
  grid: GridPage<AdminNewsRow>;
}

export interface ContentHelpPageData extends ContentDeskPageBase {
  pages: AdminHelpPage[];
}

export interface ContentAdsPageData extends ContentDeskPageBase {
  ads: Drafted<AdminAd>[];
}

export interface ContentSitePageData extends ContentDeskPageBase {
  settings: Drafted<SiteSettings>;
  hotKeywords: Drafted<HotLabel[]>;
  friendlyLinks: Drafted<FriendlyLink[]>;
  /** The warehouses' facts (city, address, cut-off, pickup), saved at once: every page reads them. */
  warehouses: AdminWarehouse[];
}

export const contentDeskPaths = {
  home: '/admin/content',
  news: '/admin/content/news',
  help: '/admin/content/help',
  ads: '/admin/content/ads',
  site: '/admin/content/site',
  preview: '/admin/content/preview',
  /** 配送说明 with the draft's free-shipping threshold: the one setting the home page does not show. */
  previewDeliveryTerms: '/admin/content/preview/deliver_goods',
  uploadImage: '/admin/api/content/uploadImage',
} as const;

/** The desk's screens, its own tabs. */
export const contentDeskTabs: readonly { label: string; href: string }[] = [
  { label: '轮播图与公告', href: contentDeskPaths.home },
  { label: '新闻', href: contentDeskPaths.news },
  { label: '帮助与公司页面', href: contentDeskPaths.help },
  { label: '广告', href: contentDeskPaths.ads },
  { label: '热门搜索词、友情链接与站点设置', href: contentDeskPaths.site },
];

export const contentDeskLimits = {
  hotKeywords: 30,
  friendlyLinks: 50,
  imageBytes: 2 * 1024 * 1024,
} as const;

export const contentDeskMessages = {
  bannerSaved: '轮播图已保存',
  bannerPublished: '轮播图已发布',
  bannerUnpublished: '轮播图已撤回为草稿',
  bannerDeleted: '轮播图已删除',
  newsSaved: '新闻已保存',
  newsDeleted: '新闻已删除',
  helpSaved: '页面已保存',
  adSaved: '广告已保存为草稿：可先预览首页，再发布',
  hotKeywordsSaved: '热门搜索词已保存为草稿：可先预览首页，再发布',
  friendlyLinksSaved: '友情链接已保存为草稿：可先预览首页，再发布',
  settingsSaved: '站点设置已保存为草稿：可先预览首页，再发布',
  warehouseSaved: '仓库信息已保存，各页面随即显示新的信息',
  draftPublished: '草稿已发布',
  draftDiscarded: '草稿已放弃',
  imageUploaded: '图片已上传',
} as const;

export const contentDeskErrors = defineErrors('contentDesk', {
  bannerMissing: { code: ResultCode.notFound, msg: '该轮播图不存在或已被删除' },
  newsMissing: { code: ResultCode.notFound, msg: '该新闻不存在或已被删除' },
  adMissing: { code: ResultCode.notFound, msg: '该广告不存在' },
  helpMissing: { code: ResultCode.notFound, msg: '该页面不存在' },
  badWindow: { code: ResultCode.badRequest, msg: '结束时间必须晚于开始时间' },
  bodyEmpty: { code: ResultCode.badRequest, msg: '正文不能为空（不安全的标签已被去除）' },
  imageMissing: { code: ResultCode.badRequest, msg: '请选择要上传的图片' },
  staleEdit: { code: ResultCode.conflict, msg: '内容已被他人修改，请刷新后再试' },
  draftMissing: { code: ResultCode.notFound, msg: '没有待发布的草稿，请刷新后再试' },
});
