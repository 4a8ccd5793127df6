import * as XLSX from '@e965/xlsx';
import { bomLineStatusLabels, type BomSheet } from '../../../contract/bom.ts';
import { yuanOfCents, yuanOfE4 } from '../../../contract/money.ts';
import { designatorsText, evidenceOf, type PricedBom, type PricedBomLine } from './bom-pricing.ts';
import { inertCellText } from '../../../contract/spreadsheet-text.ts';

/**
 * The priced BOM as an Excel workbook: the buyer's own columns first, unchanged, then what the
 * store matched and priced. Every text cell is written as text and text that a spreadsheet would
 * read as a formula is defused, so a cell such as `=HYPERLINK(…)` in the buyer's file never comes
 * back to them live.
 */

export const bomExportColumns = ['匹配状态', '匹配依据', '位号', '商品编号', '品牌', '封装', '购买数量', '单价(元)', '小计(元)'] as const;

type Cell = XLSX.CellObject;

function textCell(value: string): Cell {
  return { t: 's', v: inertCellText(value) };
}

function numberCell(value: number, format: string): Cell {
  return { t: 'n', v: value, z: format };
}

const yuanFormat = '0.00';
const unitFormat = '0.0000';

function storeCellsOf(entry: PricedBomLine | undefined): Cell[] {
  if (!entry) return [];
  const { line, purchase } = entry;
  // An unmatched line's closest parts are not its part: nothing is shown for it unless the buyer chose one.
  const isKnown = line.status === 'exact' || line.status === 'recommended';
  const shown = purchase?.product ?? (isKnown ? line.candidates[0] : undefined);
  const cells: Cell[] = [
    textCell(bomLineStatusLabels[line.status]),
    textCell(evidenceOf(line, shown?.productId ?? null)),
    textCell(designatorsText(line)),
    textCell(shown?.code ?? ''),
    textCell(shown?.brandName ?? ''),
    textCell(shown?.package ?? ''),
  ];
  if (!purchase) return cells;
  return [
    ...cells,
    numberCell(purchase.quantity, '0'),
    purchase.unitPriceE4 === null ? textCell('') : numberCell(yuanOfE4(purchase.unitPriceE4), unitFormat),
    numberCell(yuanOfCents(purchase.subtotalCents), yuanFormat),
  ];
}

/** Each row of the buyer's sheet, in order; a BOM line's figures go beside the first row it came from. */
function bodyRowsOf(sheet: Pick<BomSheet, 'rows'>, priced: PricedBom): Cell[][] {
  const lineByFirstRow = new Map<number, PricedBomLine>();
  for (const entry of priced.lines) {
    const first = Math.min(...entry.line.sourceRows);
    if (Number.isFinite(first) && !lineByFirstRow.has(first)) lineByFirstRow.set(first, entry);
  }
  return sheet.rows.map((cells, index) => [...cells.map(textCell), ...storeCellsOf(lineByFirstRow.get(index))]);
}

export function bomWorkbook(sheet: Pick<BomSheet, 'headers' | 'rows'>, priced: PricedBom): Buffer {
  const width = sheet.headers.length;
  const pad = (cells: Cell[]) => [...cells, ...Array.from({ length: Math.max(0, width - cells.length) }, () => textCell(''))];
  const header = [...sheet.headers.map(textCell), ...bomExportColumns.map(textCell)];
  const body = bodyRowsOf(sheet, priced).map((cells) => {
    const buyer = pad(cells.slice(0, width));
    return [...buyer, ...cells.slice(width)];
  });
  const totalRow = [
    ...pad([]),
    ...Array.from({ length: bomExportColumns.length - 2 }, () => textCell('')),
    textCell('合计'),
    numberCell(yuanOfCents(priced.totalCents), yuanFormat),
  ];
  const rows = [header, ...body, totalRow];

  const worksheet: XLSX.WorkSheet = {};
  rows.forEach((cells, rowIndex) => {
    cells.forEach((cell, columnIndex) => {
      worksheet[XLSX.utils.encode_cell({ r: rowIndex, c: columnIndex })] = cell;
    });
  });
  const columnCount = width + bomExportColumns.length;
  worksheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: columnCount - 1 } });
  worksheet['!cols'] = Array.from({ length: columnCount }, (_, index) => ({ wch: index < width ? 16 : 12 }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, worksheet, 'BOM报价');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
