import * as XLSX from '@e965/xlsx';
import type { Db } from '../src/server/db/create-db.ts';
import { createRandom, type Random } from '../src/server/seed/random.ts';

/**
 * BOMs as engineers upload them, drawn from the bench catalogue itself: part numbers (as typed,
 * in lower case, with a packaging suffix, or in the value column as Altium's Comment), 5 %
 * part numbers with a typo, values with packages (`10k` + `R_0603_1608Metric`, `100nF 16V X7R`),
 * and Chinese names (贴片电阻 10K 0603; 贴片电容 0402).
 */

export type BomLineKind = 'code' | 'typo' | 'value' | 'chinese';

export interface BenchBomLine {
  kind: BomLineKind;
  /** The part the line was made from. */
  productId: number;
  cells: { mpn: string; name: string; footprint: string; quantity: number; designators: string };
}

export const bomHeaders = ['序号', '型号', '名称', '封装', '数量', '位号'];

interface SampledPart {
  id: number;
  code: string;
  package: string;
  category: string;
  params: Map<string, string>;
}

async function sampleParts(db: Db, random: Random, count: number): Promise<SampledPart[]> {
  const { maxId } = await db.kysely
    .selectFrom('products')
    .select((eb) => eb.fn.max('id').as('maxId'))
    .executeTakeFirstOrThrow();
  const ids = [...new Set(Array.from({ length: count }, () => random.int(1, maxId)))];
  const rows = await db.kysely
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.categorySecondId')
    .select(['p.id', 'p.code', 'p.package', 'c.name as category'])
    .where('p.id', 'in', ids)
    .execute();
  const params = await db.kysely
    .selectFrom('productParams as pp')
    .innerJoin('attributes as a', 'a.id', 'pp.attributeId')
    .select(['pp.productId', 'a.name', 'pp.valueText'])
    .where('pp.productId', 'in', ids)
    .execute();
  const byProduct = new Map<number, Map<string, string>>();
  for (const param of params) {
    const map = byProduct.get(param.productId) ?? new Map<string, string>();
    map.set(param.name, param.valueText);
    byProduct.set(param.productId, map);
  }
  return rows.map((row) => ({ ...row, params: byProduct.get(row.id) ?? new Map<string, string>() }));
}

const alphabet = Array.from('ABCDEFGHJKLMNPQRSTUVWXYZ0123456789');

/** One edit in the middle of the code: a character replaced, dropped, or two swapped. */
function withTypo(code: string, random: Random): string {
  const at = random.int(2, Math.max(2, code.length - 2));
  const kind = random.int(0, 2);
  if (kind === 0) {
    const replaced = code[at] ?? 'A';
    let other = random.pick(alphabet);
    while (other === replaced.toUpperCase()) other = random.pick(alphabet);
    return code.slice(0, at) + other + code.slice(at + 1);
  }
  if (kind === 1) return code.slice(0, at) + code.slice(at + 1);
  return code.slice(0, at - 1) + (code[at] ?? '') + (code[at - 1] ?? '') + code.slice(at + 1);
}

const footprintFor = (letter: string, pkg: string) => (/^\d{4}$/.test(pkg) ? `${letter}_${pkg}_Metric` : pkg);

/** The value as a designer writes it: 10kΩ → 10k, ±1% → 1%. */
function designerValue(part: SampledPart): { value: string; letter: string } | null {
  const resistance = part.params.get('阻值');
  if (resistance) {
    const tolerance = part.params.get('精度')?.replace('±', '') ?? '';
    return { value: `${resistance.replace('Ω', '')} ${tolerance}`.trim(), letter: 'R' };
  }
  const capacitance = part.params.get('容值');
  if (capacitance) {
    const extra = [part.params.get('额定电压'), part.params.get('材质(介质)')].filter(Boolean).join(' ');
    return { value: `${capacitance} ${extra}`.trim(), letter: 'C' };
  }
  return null;
}

function designatorsFor(letter: string, quantity: number, start: number): string {
  return quantity > 3 ? `${letter}${start}-${letter}${start + quantity - 1}` : Array.from({ length: quantity }, (_, i) => `${letter}${start + i}`).join(',');
}

/** A BOM of `lineCount` lines, with shares of kinds: 45 % codes, 5 % typos, 33 % values, 17 % Chinese names. */
export async function buildBenchBom(db: Db, seed: number, lineCount: number): Promise<BenchBomLine[]> {
  const random = createRandom(seed);
  const parts = await sampleParts(db, random, lineCount * 3);
  const valued = parts.filter((part) => designerValue(part) !== null);
  const lines: BenchBomLine[] = [];
  let designator = 1;
  let at = 0;
  let valuedAt = 0;
  for (let i = 0; i < lineCount; i++) {
    const share = i / lineCount;
    const kind: BomLineKind = share < 0.45 ? 'code' : share < 0.5 ? 'typo' : share < 0.83 ? 'value' : 'chinese';
    const quantity = random.int(1, 12);
    const part = kind === 'value' || kind === 'chinese' ? valued[valuedAt++ % valued.length] : parts[at++ % parts.length];
    if (!part) continue;
    const described = designerValue(part);
    const letter = described?.letter ?? 'U';
    const cells = { mpn: '', name: '', footprint: '', quantity, designators: designatorsFor(letter, quantity, designator) };
    designator += quantity;
    if (kind === 'code') {
      const style = random.int(0, 9);
      if (style < 6) cells.mpn = part.code;
      else if (style < 8) cells.mpn = part.code.toLowerCase();
      else if (style < 9) cells.mpn = `${part.code}/TR`;
      else cells.name = part.code;
      cells.footprint = part.package;
    } else if (kind === 'typo') {
      cells.mpn = withTypo(part.code, random);
      cells.footprint = part.package;
    } else if (kind === 'value') {
      cells.name = described?.value ?? '';
      cells.footprint = footprintFor(letter, part.package);
    } else {
      const value = described?.value.split(' ')[0] ?? '';
      // 贴片电容(MLCC) → 贴片电容: the name a designer writes.
      const name = part.category.replace(/[（(].*$/, '');
      cells.name = random.chance(0.85) ? `${name} ${value} ${part.package}` : `${name} ${part.package}`;
    }
    lines.push({ kind, productId: part.id, cells });
  }
  // Kinds mixed through the sheet, as in a real BOM (Fisher–Yates with the seeded generator).
  for (let i = lines.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    const [a, b] = [lines[i], lines[j]];
    if (a && b) [lines[i], lines[j]] = [b, a];
  }
  return lines;
}

function rowsOf(lines: readonly BenchBomLine[]): string[][] {
  return lines.map((line, i) => [String(i + 1), line.cells.mpn, line.cells.name, line.cells.footprint, String(line.cells.quantity), line.cells.designators]);
}

/** A UTF-8 CSV with a project title row above the header, as many exports have. */
export function bomCsv(lines: readonly BenchBomLine[]): Buffer {
  const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
  const text = [['项目: 基准测试板 V1.0'], bomHeaders, ...rowsOf(lines)].map((row) => row.map(quote).join(',')).join('\r\n');
  return Buffer.from(text, 'utf8');
}

export function bomXlsx(lines: readonly BenchBomLine[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([['项目: 基准测试板 V1.0'], bomHeaders, ...rowsOf(lines)]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'BOM');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
