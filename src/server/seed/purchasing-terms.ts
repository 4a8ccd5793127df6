import type { PurchasingData, MslLevel, Packaging, ReachStatus } from '../../contract/purchasing.ts';
import { brandDefinitions } from './brands.data.ts';
import type { ProductDraft } from './product-draft.ts';

/**
 * The demo catalogue's purchasing data (issue 28), decided by the part itself so the same N gives the same
 * rows, without drawing on the seed's random stream (which decides stock and prices): reels for SMD passives,
 * trays and MSL 3 for ICs in quad packages, tubes for DIPs, no MSL for through-hole connectors, ECCN 5A992.c
 * for MCUs and radio modules, origins where the brand's makers assemble, factory lead times of 4–20 weeks.
 */

/** A stable number from a part number (FNV-1a): the same part always draws the same choices. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash;
}

function pick<T>(choices: readonly T[], hash: number): T {
  const choice = choices[hash % choices.length];
  if (choice === undefined) throw new Error('no choices');
  return choice;
}

/** Where each brand country's parts are assembled, most often first. */
const originsByBrandCountry: Record<string, readonly string[]> = {
  美国: ['MY', 'PH', 'CN', 'TH', 'US'],
  日本: ['JP', 'CN', 'TH', 'MY'],
  中国台湾: ['TW', 'CN'],
  韩国: ['KR', 'CN'],
  中国: ['CN'],
  瑞士: ['CN', 'MY', 'PH', 'MA'],
  荷兰: ['MY', 'TH', 'CN', 'NL'],
  德国: ['MY', 'CN', 'DE'],
  英国: ['GB', 'CN'],
};

const throughHole = /DIP|TO-?(?:92|220|247|3P)|DO-?(?:41|15|201)|插件|直插|径向|轴向|radial|axial|THT/i;
const quadPackage = /QFP|BGA|LGA/i;
const moduleCategories = new Set(['wifiModule', 'bleModule']);
const eccnControlled = new Set(['armMcu', 'riscvMcu', 'wifiModule', 'bleModule']);

interface Handling {
  packaging: Packaging;
  msl: MslLevel;
  leadWeeks: readonly [number, number];
}

/** How the part is packed and how moisture harms it, by what it is and its package. */
function handlingOf(draft: ProductDraft, isConnector: boolean, hash: number): Handling {
  const isThroughHole = throughHole.test(draft.package) || draft.params.some((param) => param.key === 'mounting' && param.text.startsWith('直插'));
  if (isConnector) {
    return isThroughHole
      ? { packaging: pick(['bulk', 'tube', 'box'] as const, hash), msl: 'na', leadWeeks: [4, 10] }
      : { packaging: 'tape_reel', msl: '1', leadWeeks: [4, 12] };
  }
  if (moduleCategories.has(draft.category)) return { packaging: 'tray', msl: '3', leadWeeks: [6, 14] };
  if (draft.salesUnit === 'reel-passive') return { packaging: hash % 5 === 0 ? 'cut_tape' : 'tape_reel', msl: '1', leadWeeks: [4, 12] };
  if (isThroughHole) return { packaging: pick(['tube', 'bulk'] as const, hash), msl: '1', leadWeeks: [6, 16] };
  if (quadPackage.test(draft.package)) return { packaging: 'tray', msl: pick(['3', '3', '2a'] as const, hash), leadWeeks: [8, 20] };
  return { packaging: hash % 4 === 0 ? 'cut_tape' : 'tape_reel', msl: pick(['1', '3', '1', '2'] as const, hash >>> 3), leadWeeks: [8, 20] };
}

function reachOf(hash: number): ReachStatus {
  const roll = hash % 100;
  return roll < 93 ? 'compliant' : roll < 98 ? 'unknown' : 'non_compliant';
}

/** CAD links beside the maker's datasheet (its site publishes both); none for parts without one. */
function cadLinksOf(draft: ProductDraft): Pick<PurchasingData, 'cadSymbolUrl' | 'cadFootprintUrl' | 'cadModelUrl'> {
  if (!draft.datasheetUrl?.startsWith('https://') || draft.salesUnit === 'reel-passive')
    return { cadSymbolUrl: null, cadFootprintUrl: null, cadModelUrl: null };
  const origin = new URL(draft.datasheetUrl).origin;
  const slug = draft.code.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    cadSymbolUrl: `${origin}/cad/${slug}-symbol.zip`,
    cadFootprintUrl: `${origin}/cad/${slug}-footprint.zip`,
    cadModelUrl: `${origin}/cad/${slug}.step`,
  };
}

export function purchasingTerms(draft: ProductDraft, isConnector: boolean): PurchasingData {
  const hash = hashOf(draft.code);
  const handling = handlingOf(draft, isConnector, hash);
  const country = brandDefinitions[draft.brand].country;
  const [least, most] = handling.leadWeeks;
  const isChineseMaker = country === '中国';
  return {
    reachStatus: reachOf(hash >>> 5),
    msl: handling.msl,
    eccn: isChineseMaker && hash % 2 === 0 ? null : eccnControlled.has(draft.category) ? '5A992.c' : 'EAR99',
    originCountry: pick(originsByBrandCountry[country] ?? ['CN'], hash >>> 7),
    packaging: handling.packaging,
    factoryLeadWeeks: least + ((hash >>> 11) % (most - least + 1)),
    ...cadLinksOf(draft),
  };
}
