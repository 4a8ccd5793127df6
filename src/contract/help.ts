import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import type { PaymentMethodOption } from './payment.ts';

/**
 * The help centre (issue 13): /serve/<slug> pages whose text lives in the database (staff edit it),
 * with the store's real delivery and payment terms shown beside that text, a search over the
 * pages, and a "was this helpful" vote counted once per visitor and page.
 */

export const helpPaths = {
  page: (slug: string) => `/serve/${slug}`,
  search: '/serve/search',
} as const;

/** Lower-case letters, digits and underscores (order_step, deliver_goods): a URL segment. */
export const helpSlugPattern = /^[a-z][a-z0-9_]{1,39}$/;

export function isHelpSlug(value: string): boolean {
  return helpSlugPattern.test(value);
}

export const maxHelpKeywordLength = 40;
export const maxHelpTitleLength = 40;
export const maxHelpBodyLength = 60_000;

/** Votes one address may cast in an hour (a reader votes on a few pages; a script minting sessions is stopped). */
export const helpVoteLimits = { perIpPerHour: 30, windowSeconds: 3600 } as const;

export const helpMessages = {
  voted: '感谢您的反馈',
} as const;

export const helpErrors = defineErrors('help', {
  notFound: { code: ResultCode.notFound, msg: '帮助文章不存在' },
  alreadyVoted: { code: ResultCode.conflict, msg: '您已经评价过这篇帮助了' },
  badSlug: { code: ResultCode.badRequest, msg: '页面地址只能包含小写字母、数字和下划线' },
  badTitle: { code: ResultCode.badRequest, msg: `标题不能为空，且不超过${maxHelpTitleLength}个字` },
  badBody: { code: ResultCode.badRequest, msg: '正文不能为空' },
  bodyTooLong: { code: ResultCode.badRequest, msg: `正文不能超过${maxHelpBodyLength}个字符` },
});

/** Which structured block of the store's real terms a page shows beside its text. */
export type HelpFactsKind = 'delivery' | 'payment';

export interface HelpMenuLink {
  title: string;
  url: string;
}

export interface HelpMenuGroup {
  title: string;
  links: HelpMenuLink[];
}

export interface HelpVotes {
  helpfulCount: number;
  unhelpfulCount: number;
  /** This visitor's vote on the page, or null before voting. */
  myVote: boolean | null;
}

export interface CarrierFeeRow {
  zoneName: string;
  firstKilogramCents: number;
  extraKilogramCents: number;
}

export interface CarrierFacts {
  code: string;
  name: string;
  description: string;
  isPickup: boolean;
  hasFreeShipping: boolean;
  fees: CarrierFeeRow[];
}

export interface DispatchTime {
  situation: string;
  time: string;
}

export interface DeliveryFacts {
  kind: 'delivery';
  freeShippingThresholdCents: number;
  /** The carrier checkout selects first. */
  defaultCarrierName: string;
  carriers: CarrierFacts[];
  dispatchTimes: DispatchTime[];
  /** Days after shipping when an order not confirmed by the buyer completes by itself. */
  autoCompleteDays: number;
}

export interface PaymentFacts {
  kind: 'payment';
  /** The methods the cashier offers, in its order. */
  methods: PaymentMethodOption[];
  bank: { accountName: string; bankName: string; accountNumber: string };
  bankTransferWindowDays: number;
  paymentMinutes: number;
}

export type HelpFacts = DeliveryFacts | PaymentFacts;

export interface HelpArticle {
  slug: string;
  title: string;
  groupName: string;
  /** Sanitised HTML. */
  bodyHtml: string;
  updatedAt: number;
}

export interface HelpPageData {
  menu: HelpMenuGroup[];
  article: HelpArticle;
  facts: HelpFacts | null;
  votes: HelpVotes;
}

/** A piece of a search snippet: the matching text is marked. */
export interface SnippetPart {
  text: string;
  isMatch: boolean;
}

export interface HelpSearchHit {
  slug: string;
  title: SnippetPart[];
  groupName: string;
  snippet: SnippetPart[];
}

export interface HelpSearchData {
  menu: HelpMenuGroup[];
  keyword: string;
  hits: HelpSearchHit[];
}

export interface HelpVoteResponse {
  helpfulCount: number;
  unhelpfulCount: number;
  myVote: boolean;
}

/**
 * The prose of the company pages (/about, /serve/supplier, /contact) is kept as help pages of this
 * group, so staff edit it like an article (saveHelpPage, sanitised). Those rows are no articles of the
 * help centre: not in its menu or search, and /serve/<slug> answers 404 for them.
 */
export const companyProseGroup = '公司页面';

/** One row per editable block; the page shows nothing for a block whose row is missing (the next start's seed adds it back). */
export const companyProseSlugs = {
  aboutIntro: 'about_intro',
  aboutServices: 'about_services',
  supplierIntro: 'supplier_intro',
  supplierReasons: 'supplier_reasons',
  supplierRequirements: 'supplier_requirements',
  supplierSteps: 'supplier_steps',
  contactIntro: 'contact_intro',
  contactNotes: 'contact_notes',
} as const;

export type CompanyProseSlug = (typeof companyProseSlugs)[keyof typeof companyProseSlugs];

/** Written in the prose where the store's name belongs; the page shows the configured site name there. */
export const siteNamePlaceholder = '{站点名称}';

/** Sanitised HTML of each block a page shows ('' when its row is missing). */
export type CompanyProse<Block extends string> = Record<Block, string>;
