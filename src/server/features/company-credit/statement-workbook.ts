import * as XLSX from '@e965/xlsx';
import { yuanOfCents } from '../../../contract/money.ts';
import { inertCellText } from '../../../contract/spreadsheet-text.ts';
import type { StatementDocument } from './company-credit.service.ts';

/** A 对账单 as an Excel workbook: its facts, one row per line, the total; text cells neutralised as the staff workbooks' are. */

export const statementColumns = ['序号', '日期', '类型', '订单号', '金额(元)'] as const;
export const statementSheetName = '对账单';

type Cell = XLSX.CellObject;
const textCell = (value: string): Cell => ({ t: 's', v: inertCellText(value) });
const moneyCell = (cents: number): Cell => ({ t: 'n', v: yuanOfCents(cents), z: '0.00' });

export function statementWorkbook(document: StatementDocument): Buffer {
  const { statement } = document;
  const grid: Cell[][] = [
    [textCell('客户'), textCell(document.companyName)],
    [textCell('账单月份'), textCell(statement.periodLabel)],
    [textCell('状态'), textCell(statement.statusLabel)],
    [textCell('还款日'), textCell(statement.dueAtStr || '—')],
    [],
    statementColumns.map(textCell),
    ...document.lines.map((line, index) => [
      { t: 'n', v: index + 1 } satisfies Cell,
      textCell(line.atStr),
      textCell(line.kindLabel),
      textCell(line.orderNo),
      moneyCell(line.amountCents),
    ]),
    [textCell('本期应付'), textCell(''), textCell(''), textCell(''), moneyCell(statement.totalCents)],
  ];
  const sheet: XLSX.WorkSheet = {};
  grid.forEach((cells, r) => {
    cells.forEach((cell, c) => {
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: grid.length - 1, c: statementColumns.length - 1 } });
  sheet['!cols'] = statementColumns.map((header) => ({ wch: header === '订单号' || header === '日期' ? 22 : 14 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, statementSheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
