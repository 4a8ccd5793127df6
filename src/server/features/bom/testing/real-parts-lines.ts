import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { defaultBomQuantityOptions, type BomLine, type BomLineInput, type BomSheet } from '../../../../contract/bom.ts';
import type { ExpectedLine } from '../../../../../tests/fixtures/bom/expectation.ts';
import { parserFieldsOf, type LabelledLine, type RealFileLabels } from '../../../../../tests/fixtures/bom-real/labels.ts';
import type { Db } from '../../../db/create-db.ts';
import { SearchService } from '../../search/search.service.ts';
import { matchBomLines } from '../match/match-bom.ts';
import { bomLinesOf } from '../parse/bom-lines.ts';

/**
 * The hand-labelled lines of the real-BOM corpus as BOM lines: each file's labelled lines become the rows of a sheet
 * whose columns are mapped as the buyer confirms a mapping on the page (位号, 数量, 值, 描述, 封装, 型号, 品牌,
 * 商品编号, and 贴装 for a part the file marks not fitted), read by the sheet path (bomLinesOf) and matched by the
 * BOM matcher against the catalogue in the database.
 */

const labelDirectory = join(import.meta.dirname, '../../../../../tests/fixtures/bom-real');

export function labelledFiles(): RealFileLabels[] {
  return readdirSync(labelDirectory)
    .filter((file) => file.endsWith('.expected.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(labelDirectory, file), 'utf8')) as RealFileLabels);
}

const headers = ['位号', '数量', '值', '描述', '封装', '型号', '品牌', '商品编号', '贴装'];
const mapping = { designator: 0, quantity: 1, value: 2, description: 3, package: 4, mpn: 5, brand: 6, storeCode: 7, fitted: 8 };

function rowOf(line: LabelledLine): string[] {
  return [
    line.designators?.join(', ') ?? '',
    line.quantityPerBoard === undefined ? '' : String(line.quantityPerBoard),
    line.value ?? '',
    line.description ?? '',
    line.package ?? '',
    line.mpn ?? '',
    line.brand ?? '',
    line.storeCode ?? '',
    line.isNotFitted ? '否' : '',
  ];
}

export function sheetOfLabels(labels: RealFileLabels): Pick<BomSheet, 'headers' | 'rows' | 'mapping'> {
  return { headers, rows: labels.lines.map(rowOf), mapping };
}

/** A labelled line with what the sheet path read from it and what the matcher answered. */
export interface MatchedRealLine {
  file: string;
  label: LabelledLine;
  /** Absent when the sheet path kept no line for the row. */
  line?: BomLine;
  /** Fields the sheet path read otherwise than the label says (a reader problem), as "field: label → read". */
  misread: string[];
}

function misreadFields(label: LabelledLine, line: BomLineInput | undefined): string[] {
  if (!line) return ['the row was not read as a part line'];
  const expected: ExpectedLine = parserFieldsOf(label);
  const read: Partial<ExpectedLine> = { ...line.query, designators: line.designators, quantityPerBoard: line.quantityPerBoard, isNotFitted: line.isNotFitted };
  return (['mpn', 'storeCode', 'value', 'description', 'package', 'brand', 'designators', 'quantityPerBoard', 'isNotFitted'] as const).flatMap((key) => {
    const wanted = expected[key];
    const got = read[key];
    return wanted === undefined || JSON.stringify(wanted) === JSON.stringify(got) ? [] : [`${key}: ${JSON.stringify(wanted)} → ${JSON.stringify(got)}`];
  });
}

/** Every labelled line read and matched, file by file, against the catalogue as the store's search indexes it now. */
export async function matchRealLines(db: Db, files: readonly RealFileLabels[]): Promise<MatchedRealLine[]> {
  const search = new SearchService(db, pino({ level: 'silent' }));
  try {
    const matched: MatchedRealLine[] = [];
    for (const labels of files) {
      const inputs = bomLinesOf(sheetOfLabels(labels), defaultBomQuantityOptions);
      const { lines } = await matchBomLines({ db: db.kysely, search }, inputs);
      labels.lines.forEach((label, row) => {
        const line = lines.find((candidate) => candidate.sourceRows.includes(row));
        matched.push({ file: labels.file, label, ...(line ? { line } : {}), misread: misreadFields(label, line) });
      });
    }
    return matched;
  } finally {
    await search.keeper.close();
  }
}
