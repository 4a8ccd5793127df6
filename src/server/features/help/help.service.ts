import type { Kysely } from 'kysely';
import { activityPath } from '../../../contract/activity.ts';
import {
  companyProseGroup,
  helpErrors,
  helpPaths,
  helpVoteLimits,
  isHelpSlug,
  maxHelpBodyLength,
  maxHelpKeywordLength,
  maxHelpTitleLength,
  siteNamePlaceholder,
  type CompanyProse,
  type CompanyProseSlug,
  type HelpArticle,
  type HelpFacts,
  type HelpMenuGroup,
  type HelpPageData,
  type HelpSearchData,
  type HelpSearchHit,
  type HelpVoteResponse,
  type SnippetPart,
} from '../../../contract/help.ts';
import { fillFacts, fillFactsInHtml, type SiteFacts } from '../../../contract/site-facts.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { Visitor } from '../../http/session.ts';
import { visitorKeyOf } from '../content/content.service.ts';
import { helpTextOf, sanitizeHelpHtml } from './help-html.ts';
import { deliveryFactsAt, deliveryFactsOf, factsOfSlug, type HelpFactsSource } from './help-facts.ts';
import {
  findCompanyProseRows,
  findHelpMenuRows,
  findHelpPageBySlug,
  findMyHelpVote,
  recordHelpVote,
  searchHelpPageRows,
  upsertHelpPage,
  type HelpMenuRow,
} from './help.repository.ts';
import type { HelpPageRow } from './help.tables.ts';

export { helpTextOf, sanitizeHelpHtml } from './help-html.ts';
export { deliveryFactsOf, paymentFactsOf, type HelpFactsSource } from './help-facts.ts';

/** Pages of the store that belong in the help menu but are not articles: [group, title, url]. */
const pagesBesideArticles: readonly (readonly [string, string, string])[] = [
  ['购物指南', '新人礼包', '/serve/advantage'],
  ['购物指南', '注册协议', '/serve/clause'],
  ['售后服务', '售后投诉', '/user/feedback'],
  ['关于我们', '公司简介', '/about'],
  ['关于我们', '联系我们', '/contact'],
  ['关于我们', '优惠活动', activityPath],
];

/** The side menu: the articles by group in their order, with the other help pages of their group. */
export function helpMenuOf(rows: readonly HelpMenuRow[]): HelpMenuGroup[] {
  const groups = new Map<string, HelpMenuGroup>();
  const groupOf = (title: string) => {
    let group = groups.get(title);
    if (!group) {
      group = { title, links: [] };
      groups.set(title, group);
    }
    return group;
  };
  for (const row of rows) groupOf(row.groupName).links.push({ title: row.title, url: helpPaths.page(row.slug) });
  for (const [groupName, title, url] of pagesBesideArticles) groupOf(groupName).links.push({ title, url });
  return [...groups.values()];
}

export async function loadHelpMenu(db: Kysely<Database>): Promise<HelpMenuGroup[]> {
  return helpMenuOf(await findHelpMenuRows(db));
}

function articleOf(row: HelpPageRow): HelpArticle {
  // Sanitised when saved; sanitised again here because a row may have been written by other means (psql, an import).
  return { slug: row.slug, title: row.title, groupName: row.groupName, bodyHtml: sanitizeHelpHtml(row.bodyHtml), updatedAt: row.updatedAt };
}

/** The article as readers see it: its placeholders ({{截单时间}} …) filled from the site facts, after sanitising (each fact escaped). */
function articleWithFacts(row: HelpPageRow, facts: SiteFacts): HelpArticle {
  const article = articleOf(row);
  return { ...article, title: fillFacts(article.title, facts), bodyHtml: fillFactsInHtml(article.bodyHtml, facts) };
}

export interface LoadedHelpPage {
  data: HelpPageData;
  description: string;
}

const descriptionLength = 120;

/** /serve/<slug>: the article, the store's real terms it explains, the menu and the vote counts; notFound for an unknown slug. */
export async function loadHelpPage(
  db: Kysely<Database>,
  facts: HelpFactsSource,
  siteFacts: SiteFacts,
  slug: string,
  visitor: Visitor,
): Promise<LoadedHelpPage> {
  return loadArticle(db, slug, visitor, siteFacts, (articleSlug) => factsOfSlug(facts, articleSlug));
}

/**
 * 配送说明 as it will read under other site facts (another free-shipping threshold or pickup address): the
 * console's preview of a site-settings draft (the live page reads the facts with the page, like checkout).
 */
export async function loadDeliveryTermsAt(
  db: Kysely<Database>,
  config: Pick<Config, 'orders'>,
  siteFacts: SiteFacts,
  visitor: Visitor,
): Promise<LoadedHelpPage> {
  return loadArticle(db, 'deliver_goods', visitor, siteFacts, () => deliveryFactsAt(deliveryFactsOf(config), siteFacts));
}

async function loadArticle(
  db: Kysely<Database>,
  slug: string,
  visitor: Visitor,
  siteFacts: SiteFacts,
  factsOf: (slug: string) => HelpFacts | null,
): Promise<LoadedHelpPage> {
  const row = isHelpSlug(slug) ? await findHelpPageBySlug(db, slug) : undefined;
  if (!row || row.groupName === companyProseGroup) throw new AppError(helpErrors.notFound);
  const [menu, myVote] = await Promise.all([loadHelpMenu(db), findMyHelpVote(db, row.id, visitorKeyOf(visitor))]);
  return {
    data: {
      menu,
      article: articleWithFacts(row, siteFacts),
      facts: factsOf(row.slug),
      votes: { helpfulCount: row.helpfulCount, unhelpfulCount: row.unhelpfulCount, myVote: myVote ? myVote.isHelpful === 1 : null },
    },
    description: fillFacts(row.description || row.bodyText.slice(0, descriptionLength), siteFacts),
  };
}

export function helpVoteRateKey(ip: string): string {
  return `help-vote:ip:${ip}`;
}

/**
 * One vote per visitor (member, or anonymous browser session) and page; a second is refused. Each
 * address casts at most helpVoteLimits.perIpPerHour votes, so new sessions cannot stuff the counts.
 */
export async function voteHelpful(
  deps: Pick<ServiceDeps, 'db' | 'counters'>,
  voter: { visitor: Visitor; ip: string },
  slug: string,
  isHelpful: boolean,
  now = Date.now(),
): Promise<HelpVoteResponse> {
  const page = await findHelpPageBySlug(deps.db, slug);
  if (!page || page.groupName === companyProseGroup) throw new AppError(helpErrors.notFound);
  const rateKey = helpVoteRateKey(voter.ip);
  const spent = await deps.counters.consume(rateKey, helpVoteLimits.perIpPerHour, helpVoteLimits.windowSeconds, now);
  if (!spent.isAllowed) throw new AppError(requestErrors.tooFrequent);
  const counts = await recordHelpVote(deps.db, { pageId: page.id, voterKey: visitorKeyOf(voter.visitor), isHelpful, now });
  if (!counts) {
    // A refused second vote does not use up the address's allowance.
    await deps.counters.release(rateKey, helpVoteLimits.windowSeconds, now);
    throw new AppError(helpErrors.alreadyVoted);
  }
  return { ...counts, myVote: isHelpful };
}

/** The search box's keyword as the page uses it: trimmed, inner spaces collapsed, cut to the limit. */
export function normalizeHelpKeyword(raw: string | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, maxHelpKeywordLength);
}

/** Splits text into parts, marking every case-insensitive occurrence of the keyword. */
export function markMatches(text: string, keyword: string): SnippetPart[] {
  if (keyword === '') return text === '' ? [] : [{ text, isMatch: false }];
  const parts: SnippetPart[] = [];
  const lower = text.toLowerCase();
  const needle = keyword.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), isMatch: false });
    parts.push({ text: text.slice(at, at + needle.length), isMatch: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), isMatch: false });
  return parts;
}

const snippetBefore = 30;
const snippetLength = 120;

/** The passage around the first match in the text (or its opening when only the title matched). */
export function snippetOf(text: string, keyword: string): SnippetPart[] {
  const at = keyword === '' ? -1 : text.toLowerCase().indexOf(keyword.toLowerCase());
  const start = at <= snippetBefore ? 0 : at - snippetBefore;
  const end = Math.min(text.length, start + snippetLength);
  const passage = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  return markMatches(passage, keyword);
}

const maxHits = 30;

/** /serve/search?keyword=: articles whose title or text holds the keyword (as written: a placeholder is matched by its name), quoted with the facts filled in. */
export async function searchHelp(db: Kysely<Database>, rawKeyword: string | undefined, siteFacts: SiteFacts): Promise<HelpSearchData> {
  const keyword = normalizeHelpKeyword(rawKeyword);
  const [menu, rows] = await Promise.all([loadHelpMenu(db), keyword === '' ? Promise.resolve([]) : searchHelpPageRows(db, keyword, maxHits)]);
  const hits: HelpSearchHit[] = rows.map((row) => ({
    slug: row.slug,
    title: markMatches(fillFacts(row.title, siteFacts), keyword),
    groupName: row.groupName,
    snippet: snippetOf(fillFacts(row.bodyText, siteFacts), keyword),
  }));
  return { menu, keyword, hits };
}

export interface HelpPageInput {
  slug: string;
  title: string;
  description?: string;
  groupName: string;
  sort?: number;
  bodyHtml: string;
}

/** Staff write an article (the operations console): its HTML is sanitised before it is stored, its text kept for search. */
export async function saveHelpPage(db: Kysely<Database>, input: HelpPageInput, now = Date.now()): Promise<HelpArticle> {
  if (!isHelpSlug(input.slug)) throw new AppError(helpErrors.badSlug);
  const title = input.title.trim();
  if (title === '' || title.length > maxHelpTitleLength) throw new AppError(helpErrors.badTitle);
  if (input.bodyHtml.length > maxHelpBodyLength) throw new AppError(helpErrors.bodyTooLong);
  const bodyHtml = sanitizeHelpHtml(input.bodyHtml);
  const bodyText = helpTextOf(bodyHtml);
  if (bodyText === '') throw new AppError(helpErrors.badBody);
  const row = await upsertHelpPage(db, {
    slug: input.slug,
    title,
    description: (input.description ?? '').trim(),
    groupName: input.groupName.trim() || '帮助中心',
    sort: input.sort ?? 0,
    bodyHtml,
    bodyText,
    updatedAt: now,
  });
  return articleOf(row);
}

const htmlEscapes: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => htmlEscapes[character] ?? character);
}

/**
 * The company pages' prose blocks (see companyProseGroup), each as sanitised HTML with the site facts
 * in place of their placeholders (and the site name in place of the older {站点名称}); a block whose
 * row is missing is '' (the page leaves it out).
 */
export async function loadCompanyProse<Block extends string>(
  db: Kysely<Database>,
  slugOfBlock: Record<Block, CompanyProseSlug>,
  siteFacts: SiteFacts,
): Promise<CompanyProse<Block>> {
  const blocks = Object.keys(slugOfBlock) as Block[];
  const rows = await findCompanyProseRows(
    db,
    blocks.map((block) => slugOfBlock[block]),
  );
  const htmlOfSlug = new Map(rows.map((row) => [row.slug, row.bodyHtml]));
  const siteNameHtml = escapeHtml(siteFacts.siteName);
  const prose = {} as CompanyProse<Block>;
  for (const block of blocks) {
    const html = sanitizeHelpHtml(htmlOfSlug.get(slugOfBlock[block]) ?? '').replaceAll(siteNamePlaceholder, siteNameHtml);
    prose[block] = fillFactsInHtml(html, siteFacts);
  }
  return prose;
}
