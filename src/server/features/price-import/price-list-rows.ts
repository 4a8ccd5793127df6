import { roundedE4OfYuanText } from '../../../contract/money.ts';
import {
  priceImportColumnNames as names,
  priceImportMessages as messages,
  type PriceImportError,
  type PriceImportMapping,
  type PriceListRow,
  type PriceTier,
} from '../../../contract/price-import.ts';
import { warehouseCodeOfStockHeader } from './price-list-header.ts';
import { readPurchasingCells } from './price-list-purchasing.ts';

/** Money text in yuan: "¥0.0123", "0.0123元", "RMB 1,234.5"; rounded half up to 0.0001 yuan (money.ts); null when not a positive price. */
function parsePriceE4(text: string): number | null {
  const cleaned = text
    .normalize('NFKC')
    .replace(/^\s*(?:¥|rmb|cny)\s*/i, '')
    .replace(/\s*(?:元|rmb|cny)\s*$/i, '')
    .replace(/,/g, '');
  const priceE4 = roundedE4OfYuanText(cleaned);
  return priceE4 !== null && priceE4 > 0 ? priceE4 : null;
}

/** A count as written in a price list: "1000", "1,000", "1000pcs", "1000个"; null when not a whole number ≥ 0. */
export function parseCount(text: string): number | null {
  const cleaned = text
    .normalize('NFKC')
    .replace(/,/g, '')
    .replace(/\s*(?:pcs|pc|个|只|片|颗|pieces?)\s*$/i, '')
    .trim();
  if (!/^\d+(?:\.0+)?$/.test(cleaned)) return null;
  const count = Number(cleaned);
  return Number.isSafeInteger(count) ? count : null;
}

const emptyPrice = /^\s*(?:-|—|\/|n\/?a|询价)?\s*$/i;

/** A price in another currency: "$2.44000" in the cell, or a column headed "Unit Price($)" / "Price (USD)". */
const foreignCurrency = /[$€£]|\b(?:usd|eur|gbp|jpy|hkd)\b/i;

/** A distributor's footer under its lines ("Subtotal $21.69", "合计"): no part, only a total. */
const totalLabel = /^(?:sub\s*total|total|合计|小计|总计)$/i;

interface RowReader {
  errors: PriceImportError[];
  rowNumber: number;
}

function cell(row: readonly string[], column: number | undefined): string {
  return column === undefined ? '' : (row[column] ?? '').trim();
}

function readCount(reader: RowReader, text: string, column: string, reason: string, positive: boolean): number | null {
  if (text === '') return null;
  const count = parseCount(text);
  if (count === null || (positive && count === 0)) {
    reader.errors.push({ row: reader.rowNumber, column, reason });
    return null;
  }
  return count;
}

function readTiers(reader: RowReader, row: readonly string[], mapping: PriceImportMapping, moq: number | null, isForeignColumn: boolean): PriceTier[] | null {
  const tiers: PriceTier[] = [];
  const fail = (column: string, reason: string) => {
    reader.errors.push({ row: reader.rowNumber, column, reason });
    return null;
  };
  for (const tier of mapping.tiers ?? []) {
    const priceText = cell(row, tier.priceColumn);
    if (emptyPrice.test(priceText)) continue;
    const priceE4 = parsePriceE4(priceText);
    if (priceE4 === null) return fail(names.tiers, messages.priceInvalid);
    let qtyStart = tier.qtyStart ?? null;
    if (tier.qtyColumn !== undefined) {
      qtyStart = parseCount(cell(row, tier.qtyColumn));
      if (qtyStart === null || qtyStart === 0) return fail(names.tiers, messages.tierQtyInvalid);
    }
    if (qtyStart === null) return fail(names.tiers, messages.tierQtyInvalid);
    tiers.push({ qtyStart, priceE4 });
  }
  const unitText = cell(row, mapping.unitPrice);
  if (tiers.length === 0 && !emptyPrice.test(unitText)) {
    if (isForeignColumn || foreignCurrency.test(unitText)) return fail(names.unitPrice, messages.priceForeign);
    const priceE4 = parsePriceE4(unitText);
    if (priceE4 === null) return fail(names.unitPrice, messages.priceInvalid);
    tiers.push({ qtyStart: moq ?? 1, priceE4 });
  }
  if (tiers.length === 0) return null;
  for (let index = 1; index < tiers.length; index++) {
    if ((tiers[index]?.qtyStart ?? 0) <= (tiers[index - 1]?.qtyStart ?? 0)) return fail(names.tiers, messages.tierOrder);
  }
  return tiers;
}

/**
 * The sheet's rows below the header as typed price-list rows; a cell that does not read is an error with the
 * row number as the staff member sees it in the file (1-based) and the column's Chinese name.
 */
export function priceListRowsOf(
  sheetRows: readonly string[][],
  headerRowIndex: number,
  mapping: PriceImportMapping,
): { rows: PriceListRow[]; errors: PriceImportError[] } {
  const rows: PriceListRow[] = [];
  const errors: PriceImportError[] = [];
  // Each stock column's warehouse by its header; a column naming an unknown warehouse is reported once, on the header row, and left out.
  const header = sheetRows[headerRowIndex] ?? [];
  const stockColumns: { column: number; code: string }[] = [];
  for (const column of mapping.stock ?? []) {
    const code = warehouseCodeOfStockHeader(cell(header, column));
    if (code === null) errors.push({ row: headerRowIndex + 1, column: cell(header, column), reason: messages.warehouseUnknown });
    else stockColumns.push({ column, code });
  }
  const isForeignColumn = foreignCurrency.test(cell(header, mapping.unitPrice));
  for (let index = headerRowIndex + 1; index < sheetRows.length; index++) {
    const row = sheetRows[index] ?? [];
    if (row.every((value) => value.trim() === '')) continue;
    if (cell(row, mapping.mpn) === '' && row.some((value) => totalLabel.test(value.trim()))) continue;
    const reader: RowReader = { errors, rowNumber: index + 1 };
    const errorCount = errors.length;
    const mpn = cell(row, mapping.mpn);
    if (mpn === '') errors.push({ row: reader.rowNumber, column: names.mpn, reason: messages.mpnMissing });
    else if (mpn.length > 100) errors.push({ row: reader.rowNumber, column: names.mpn, reason: messages.mpnTooLong });
    let stock: number | null = null;
    let warehouseStock: Record<string, number> | null = null;
    for (const { column, code } of stockColumns) {
      const text = cell(row, column);
      if (text === '') continue;
      const count = readCount(reader, text, names.stock, messages.stockInvalid, false);
      if (count === null) continue;
      stock = (stock ?? 0) + count;
      warehouseStock = { ...(warehouseStock ?? {}), [code]: (warehouseStock?.[code] ?? 0) + count };
    }
    const packSize = readCount(reader, cell(row, mapping.packSize), names.packSize, messages.packSizeInvalid, true);
    const moq = readCount(reader, cell(row, mapping.moq), names.moq, messages.moqInvalid, true);
    const tiers = readTiers(reader, row, mapping, moq, isForeignColumn);
    const purchasing = readPurchasingCells(
      (column) => cell(row, column),
      mapping,
      (column, reason) => errors.push({ row: reader.rowNumber, column, reason }),
    );
    if (errors.length > errorCount) continue;
    const text = (column: number | undefined) => (column === undefined || cell(row, column) === '' ? null : cell(row, column));
    rows.push({
      rowNumber: reader.rowNumber,
      mpn,
      brand: cell(row, mapping.brand),
      storeCode: cell(row, mapping.storeCode),
      package: text(mapping.package),
      description: text(mapping.description),
      stock,
      warehouseStock,
      packSize,
      tiers,
      purchasing,
    });
  }
  return { rows, errors };
}
