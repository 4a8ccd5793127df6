import { formatShortCents } from './money.ts';
import { defaultCutoffTime, type WarehouseFact } from './warehouse.ts';

/**
 * The facts the site states on many pages (issue 28): the warehouses parts ship from with their
 * cut-off times, where pickup is, the hotline and service hours, the free-shipping threshold and how
 * many parts are in stock. Each is held once (the warehouses table, the site settings, the catalogue)
 * and gathered by site-facts/site-facts.service.ts; pages read them from there, and text staff write
 * (help articles, news, the company pages) names them with placeholders filled in at render.
 */
export interface SiteFacts {
  siteName: string;
  hotline: string;
  /** 周一至周六 9:00-18:00 */
  serviceHours: string;
  /** Where 上门自提 orders are collected; '' when no warehouse offers it. */
  pickupAddress: string;
  /** The active warehouses in their order. */
  warehouses: WarehouseFact[];
  freeShippingThresholdCents: number;
  /** Parts of the catalogue with stock > 0 (counted every few minutes). */
  partsInStock: number;
}

/** `{{名称}}`: the placeholders staff may write in help articles, news and the company pages, with what each shows. */
export const factPlaceholders = [
  { name: '站点名称', shows: '商城名称' },
  { name: '客服热线', shows: '客服热线号码（站点设置）' },
  { name: '服务时间', shows: '客服服务时间（站点设置）' },
  { name: '发货仓', shows: '发货仓库名称，如“深圳仓、江苏仓”' },
  { name: '发货城市', shows: '发货仓库所在城市，如“深圳、苏州”' },
  { name: '截单时间', shows: '各仓最早的当日发货截单时间，如“16:00”' },
  { name: '各仓截单', shows: '每个仓库的截单时间，如“深圳仓 16:00、江苏仓 16:00”' },
  { name: '自提地址', shows: '上门自提地址' },
  { name: '包邮门槛', shows: '包邮门槛金额，如“¥99”' },
  { name: '现货数量', shows: '有现货的型号数，如“12,345种”或“84万种”' },
] as const;

export type FactPlaceholderName = (typeof factPlaceholders)[number]['name'];

export function placeholderOf(name: FactPlaceholderName): string {
  return `{{${name}}}`;
}

/** 12,345种 below ten thousand; 84万种 (rounded down) from there: a figure the catalogue bears out either way. */
export function partsInStockText(count: number): string {
  if (count < 10_000) return `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}种`;
  return `${String(Math.floor(count / 10_000))}万种`;
}

/** The earliest cut-off of the warehouses: paid before it, an in-stock order ships the same day wherever it lies. */
export function earliestCutoffOf(warehouses: readonly Pick<WarehouseFact, 'cutoffTime'>[]): string {
  const times = warehouses.map((warehouse) => warehouse.cutoffTime).sort();
  return times[0] ?? defaultCutoffTime;
}

export function factTextsOf(facts: SiteFacts): Record<FactPlaceholderName, string> {
  const { warehouses } = facts;
  return {
    站点名称: facts.siteName,
    客服热线: facts.hotline,
    服务时间: facts.serviceHours,
    发货仓: warehouses.map((warehouse) => warehouse.name).join('、'),
    发货城市: [...new Set(warehouses.map((warehouse) => warehouse.city).filter((city) => city !== ''))].join('、'),
    截单时间: earliestCutoffOf(warehouses),
    各仓截单: warehouses.map((warehouse) => `${warehouse.name} ${warehouse.cutoffTime}`).join('、'),
    自提地址: facts.pickupAddress,
    包邮门槛: formatShortCents(facts.freeShippingThresholdCents),
    现货数量: partsInStockText(facts.partsInStock),
  };
}

const placeholderPattern = /\{\{\s*([^{}\s]{1,16})\s*\}\}/g;

function isFactName(name: string, texts: Record<FactPlaceholderName, string>): name is FactPlaceholderName {
  return Object.hasOwn(texts, name);
}

/** Plain text with each known placeholder replaced by its fact; an unknown one stays as written, for staff to see. */
export function fillFacts(text: string, facts: SiteFacts): string {
  if (!text.includes('{{')) return text;
  const texts = factTextsOf(facts);
  return text.replace(placeholderPattern, (written, name: string) => (isFactName(name, texts) ? texts[name] : written));
}

const htmlEscapes: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Sanitised HTML with the facts in place, each escaped: a fact (a hotline, an address staff typed)
 * is text, so it can neither open a tag nor leave an attribute, and the output stays sanitised.
 */
export function fillFactsInHtml(html: string, facts: SiteFacts): string {
  if (!html.includes('{{')) return html;
  const texts = factTextsOf(facts);
  return html.replace(placeholderPattern, (written, name: string) =>
    isFactName(name, texts) ? texts[name].replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character) : written,
  );
}

/** The placeholders written that name no fact (the editor warns of them). */
export function unknownPlaceholdersIn(text: string): string[] {
  const known = new Set<string>(factPlaceholders.map((placeholder) => placeholder.name));
  return [...new Set([...text.matchAll(placeholderPattern)].map((match) => match[1] ?? ''))].filter((name) => !known.has(name));
}
