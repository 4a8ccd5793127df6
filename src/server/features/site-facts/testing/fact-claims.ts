import { partsInStockText, type SiteFacts } from '../../../../contract/site-facts.ts';

/**
 * What a page claims of the site's facts, found by pattern in its visible text, and whether each claim
 * agrees with the facts the site holds (issue 28: help said Shanghai and 16:00, /contact 深圳龙岗 and 17:30,
 * the news 80万种). The patterns are the ways the store's own texts state a fact:
 * - a cut-off: a time after 截单, or before 前付款/以后…付款, or closing 9:00-16:00 付款;
 * - a warehouse's cut-off: 深圳仓 16:00, 深圳仓：周一至周六 16:00 前付款;
 * - a warehouse's place: a city or district named just before 仓 (上海自营仓库, 深圳龙岗现货仓);
 * - a pickup place: a city or district named just before 自提;
 * - the hotline: a 400/800 number anywhere, or any number right after 热线;
 * - the service hours: a time range after 客服, 服务时间, 工作时间 or 值班;
 * - the count of parts in stock: N种 or N万种 after 现货, or before 现货.
 * Playwright's journeys import this file too: it holds no runtime import of the app.
 */

export type FactClaimKind = 'cutoff' | 'warehouseCutoff' | 'warehousePlace' | 'pickupPlace' | 'hotline' | 'serviceHours' | 'partsInStock';

export interface FactClaim {
  kind: FactClaimKind;
  /** The words that state it. */
  text: string;
  /** What is claimed: a time, a warehouse and its time, a place, a number. */
  value: string;
}

/** Cities and districts a text could place a warehouse or a pickup in. */
const places = [
  '上海',
  '闵行',
  '浦东',
  '嘉定',
  '松江',
  '深圳',
  '龙岗',
  '龙华',
  '福田',
  '南山',
  '宝安',
  '坂田',
  '江苏',
  '苏州',
  '吴中',
  '昆山',
  '南京',
  '无锡',
  '北京',
  '天津',
  '广州',
  '东莞',
  '杭州',
  '宁波',
  '厦门',
  '成都',
  '武汉',
  '重庆',
  '西安',
  '香港',
];
const place = `(${places.join('|')})`;
const time = String.raw`(\d{1,2}:\d{2})`;
const pay = '(?:付款|支付|下单)';
/** Spaces within a line: a claim never runs across two lines (two blocks of the page). */
const gap = '[ \\t\\u00a0]*';
const range = `\\d{1,2}:\\d{2}${gap}[-–~至]${gap}\\d{1,2}:\\d{2}`;

const patterns: readonly { kind: FactClaimKind; pattern: RegExp; valueOf: (match: RegExpExecArray) => string }[] = [
  { kind: 'cutoff', pattern: new RegExp(`截单[^0-9。；\\n]{0,8}?${time}`, 'g'), valueOf: (m) => m[1] ?? '' },
  { kind: 'cutoff', pattern: new RegExp(`${time}${gap}(?:前|以前|之前)${gap}${pay}`, 'g'), valueOf: (m) => m[1] ?? '' },
  { kind: 'cutoff', pattern: new RegExp(`${time}${gap}(?:以后|之后)[^。；\\n]{0,16}?${pay}`, 'g'), valueOf: (m) => m[1] ?? '' },
  { kind: 'cutoff', pattern: new RegExp(`\\d{1,2}:\\d{2}${gap}[-–~至]${gap}${time}${gap}${pay}`, 'g'), valueOf: (m) => m[1] ?? '' },
  // The warehouse nearest before the time: no other 仓 between them.
  {
    kind: 'warehouseCutoff',
    pattern: new RegExp(`([\\u4e00-\\u9fff]{1,8}仓)[^0-9。；\\n仓]{0,12}?${time}`, 'g'),
    valueOf: (m) => `${m[1] ?? ''} ${m[2] ?? ''}`,
  },
  { kind: 'warehousePlace', pattern: new RegExp(`${place}[^。，；！？\\n]{0,8}?仓`, 'g'), valueOf: (m) => m[1] ?? '' },
  { kind: 'pickupPlace', pattern: new RegExp(`${place}[^。；！？\\n]{0,16}?自提`, 'g'), valueOf: (m) => m[1] ?? '' },
  { kind: 'hotline', pattern: /(?<!\d)((?:400|800)[- ]?\d{3}[- ]?\d{4})(?!\d)/g, valueOf: (m) => m[1] ?? '' },
  // Not a number a summary cut short (400-860-20…).
  { kind: 'hotline', pattern: /热线[^0-9。\n]{0,8}?(\d[\d -]{6,16}\d)(?![\d-]|…)/g, valueOf: (m) => m[1] ?? '' },
  { kind: 'serviceHours', pattern: new RegExp(`(?:客服|服务时间|工作时间|值班)[^。；\\n]{0,16}?(${range})`, 'g'), valueOf: (m) => m[1] ?? '' },
  { kind: 'partsInStock', pattern: new RegExp(`现货[^。，；\\n]{0,10}?(\\d[\\d,]*)${gap}(万)?${gap}余?种`, 'g'), valueOf: (m) => `${m[1] ?? ''}${m[2] ?? ''}` },
  { kind: 'partsInStock', pattern: new RegExp(`(\\d[\\d,]*)${gap}(万)?${gap}余?种现货`, 'g'), valueOf: (m) => `${m[1] ?? ''}${m[2] ?? ''}` },
];

export function factClaimsIn(text: string): FactClaim[] {
  const claims: FactClaim[] = [];
  for (const { kind, pattern, valueOf } of patterns) {
    for (const match of text.matchAll(pattern)) claims.push({ kind, text: match[0], value: valueOf(match) });
  }
  return claims;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');
const rangeOf = (text: string) => /(\d{1,2}:\d{2})\s*[-–~至]\s*(\d{1,2}:\d{2})/.exec(text)?.slice(1, 3).join('-') ?? '';

/** Whether the claim agrees with the facts. */
export function agreesWith(claim: FactClaim, facts: SiteFacts): boolean {
  const { warehouses } = facts;
  switch (claim.kind) {
    case 'cutoff':
      return warehouses.some((warehouse) => warehouse.cutoffTime === claim.value);
    case 'warehouseCutoff': {
      const [name = '', claimed = ''] = claim.value.split(' ');
      const warehouse = warehouses.find((candidate) => name.endsWith(candidate.name));
      return warehouse?.cutoffTime === claimed;
    }
    case 'warehousePlace':
      return warehouses.some((warehouse) => `${warehouse.name}${warehouse.city}${warehouse.address}`.includes(claim.value));
    case 'pickupPlace':
      return facts.pickupAddress.includes(claim.value);
    case 'hotline':
      return digitsOf(claim.value) === digitsOf(facts.hotline);
    case 'serviceHours':
      return rangeOf(claim.value) === rangeOf(facts.serviceHours);
    case 'partsInStock': {
      const isTenThousands = claim.value.endsWith('万');
      const figure = Number(digitsOf(claim.value));
      return isTenThousands ? figure === Math.floor(facts.partsInStock / 10_000) : figure === facts.partsInStock;
    }
  }
}

/** Each claim of the text that the facts contradict, as "kind: words" (empty when the text agrees). */
export function contradictionsOf(text: string, facts: SiteFacts): string[] {
  return factClaimsIn(text)
    .filter((claim) => !agreesWith(claim, facts))
    .map((claim) => `${claim.kind}: ${claim.text}（应为 ${expectedOf(claim.kind, facts)}）`);
}

function expectedOf(kind: FactClaimKind, facts: SiteFacts): string {
  if (kind === 'hotline') return facts.hotline;
  if (kind === 'serviceHours') return facts.serviceHours;
  if (kind === 'pickupPlace') return facts.pickupAddress;
  if (kind === 'partsInStock') return partsInStockText(facts.partsInStock);
  return facts.warehouses.map((warehouse) => `${warehouse.name}（${warehouse.city}）${warehouse.cutoffTime}`).join('、');
}

const entities: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return entities[name] ?? entity;
  });
}

const inlineTag = /<\/?(?:a|b|strong|em|i|u|span|code|small|abbr|time)\b[^>]*>/gi;

/**
 * What a reader of the page sees: its title and description, and the body's text without scripts (the
 * page state), styles or comments; an inline tag (strong, a, span …) joins its words to the sentence, any
 * other tag is a line break, so the words of two blocks never run together.
 */
export function visibleTextOf(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/i, '')
    .replace(/<script\b[\s\S]*?<\/script>/gi, '\n')
    .replace(/<style\b[\s\S]*?<\/style>/gi, '\n')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(inlineTag, '')
    .replace(/<[^>]+>/g, '\n');
  return decodeEntities([title, description, body].join('\n'));
}
