import * as XLSX from '@e965/xlsx';
import { companyRoleLabels } from '../../../contract/company-account.ts';
import type { CompanyInvoiceRow } from '../../../contract/company-invoices.ts';
import { yuanOfCents } from '../../../contract/money.ts';
import { inertCellText } from '../../../contract/spreadsheet-text.ts';

/**
 * 公司发票 as an Excel workbook: one row per invoice, as the page lists them. Every text cell goes through
 * inertCellText (a title or name a member typed must not run as a formula), amounts are numbers.
 */

export const companyInvoiceColumns = [
  '订单号',
  '下单时间',
  '下单人',
  '发票类型',
  '发票抬头',
  '税号',
  '金额(元)',
  '状态',
  '发票号码',
  '开具时间',
  '红字发票号码',
] as const;

export const companyInvoiceSheetName = '公司发票';

type Cell = XLSX.CellObject;
const textCell = (value: string): Cell => ({ t: 's', v: inertCellText(value) });
const moneyCell = (cents: number): Cell => ({ t: 'n', v: yuanOfCents(cents), z: '0.00' });

function rowCells(row: CompanyInvoiceRow): Cell[] {
  const role = row.buyerRole === null ? '已离开' : companyRoleLabels[row.buyerRole];
  return [
    textCell(row.orderNo),
    textCell(row.placedAtStr),
    textCell(`${row.buyerName}（${role}）`),
    textCell(row.typeName),
    textCell(row.title),
    textCell(row.taxNumber),
    moneyCell(row.amountCents),
    textCell(row.stateNote ? `${row.stateLabel}（${row.stateNote}）` : row.stateLabel),
    textCell(row.invoiceNumber),
    textCell(row.issuedAtStr),
    textCell(row.reversalNumber),
  ];
}

export function companyInvoicesWorkbook(rows: readonly CompanyInvoiceRow[], cut: { isCut: boolean; limit: number }): Buffer {
  const grid: Cell[][] = [companyInvoiceColumns.map(textCell), ...rows.map(rowCells)];
  if (cut.isCut) grid.push([textCell(`发票超过${String(cut.limit)}条，本文件仅包含最近的${String(cut.limit)}条，请按日期或状态筛选后分批导出其余发票。`)]);
  const sheet: XLSX.WorkSheet = {};
  grid.forEach((cells, r) => {
    cells.forEach((cell, c) => {
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: grid.length - 1, c: companyInvoiceColumns.length - 1 } });
  sheet['!cols'] = companyInvoiceColumns.map((header) => ({ wch: ['订单号', '发票抬头', '税号', '发票号码', '红字发票号码'].includes(header) ? 24 : 16 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, companyInvoiceSheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
