import * as XLSX from '@e965/xlsx';
import type { Kysely } from 'kysely';
import { yuanOfCents, yuanOfE4 } from '../../../contract/money.ts';
import { orderExportLineLimit, orderStatusLabels } from '../../../contract/order.ts';
import { procurementLabels } from '../../../contract/procurement.ts';
import { inertCellText } from '../../../contract/spreadsheet-text.ts';
import { formatBeijingDate, formatBeijingTimeSeconds } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { findOrderExportLines, type OrderExportLineRow } from './order-export.repository.ts';
import type { OrderListQuery } from './order.service.ts';
import { expireOverdueOrders } from './order-sweeper.ts';

/**
 * 导出订单 (issue 28): the member's orders that 我的订单's filter shows, one row per line, as an Excel
 * workbook for their purchasing records, with their 采购订单号 and 客户料号. Past the line limit the
 * file keeps whole orders, newest first, and its last row says it was cut.
 */

export const orderExportColumns = [
  '订单号',
  '下单时间',
  '订单状态',
  procurementLabels.poNumber,
  '型号',
  procurementLabels.customerPartNo,
  '品牌',
  '数量',
  '单价(元)',
  '金额(元)',
  '订单总额(元)',
  '已发货数量',
] as const;

export const orderExportSheetName = '我的订单';

type Cell = XLSX.CellObject;

const textCell = (value: string): Cell => ({ t: 's', v: inertCellText(value) });
const numberCell = (value: number, format: string): Cell => ({ t: 'n', v: value, z: format });

function lineCells(row: OrderExportLineRow): Cell[] {
  return [
    textCell(row.orderNo),
    textCell(formatBeijingTimeSeconds(row.createdAt)),
    textCell(orderStatusLabels[row.status]),
    textCell(row.poNumber),
    textCell(row.productCode),
    textCell(row.customerPartNo),
    textCell(row.brandName),
    numberCell(row.quantity, '0'),
    numberCell(yuanOfE4(row.unitPriceE4), '0.0000'),
    numberCell(yuanOfCents(row.amountCents), '0.00'),
    numberCell(yuanOfCents(row.payableCents), '0.00'),
    numberCell(row.shippedQuantity, '0'),
  ];
}

/** The first `limit` lines, less the last order's when it did not fit whole (unless that order is all there is). */
export function wholeOrdersWithin<Row extends { orderId: number }>(rows: readonly Row[], limit: number): { rows: Row[]; isCut: boolean } {
  if (rows.length <= limit) return { rows: [...rows], isCut: false };
  const kept = rows.slice(0, limit);
  const splitOrderId = rows[limit]?.orderId;
  const whole = kept.filter((row) => row.orderId !== splitOrderId);
  return { rows: whole.length > 0 ? whole : kept, isCut: true };
}

function cutNote(rows: readonly OrderExportLineRow[], limit: number): string {
  const orderCount = new Set(rows.map((row) => row.orderId)).size;
  return `订单明细超过${String(limit)}行，本文件仅包含最近的${String(orderCount)}个订单（${String(rows.length)}行），请按订单状态或关键词筛选后分批导出其余订单。`;
}

export function orderExportWorkbook(rows: readonly OrderExportLineRow[], cut: { isCut: boolean; limit: number }): Buffer {
  const grid: Cell[][] = [orderExportColumns.map(textCell), ...rows.map(lineCells)];
  if (cut.isCut) grid.push([textCell(cutNote(rows, cut.limit))]);
  const sheet: XLSX.WorkSheet = {};
  grid.forEach((cells, r) => {
    cells.forEach((cell, c) => {
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: grid.length - 1, c: orderExportColumns.length - 1 } });
  sheet['!cols'] = orderExportColumns.map((header) => ({ wch: header === '型号' || header === '下单时间' ? 22 : 16 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, orderExportSheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export interface OrderExportFile {
  fileName: string;
  workbook: Buffer;
  lineCount: number;
  isCut: boolean;
}

/** The member's own orders only: the filter starts from their user id, as the list's does. */
export async function exportOrderHistory(
  db: Kysely<Database>,
  userId: number,
  query: Pick<OrderListQuery, 'status' | 'keyword'>,
  options: { lineLimit?: number; now?: number } = {},
): Promise<OrderExportFile> {
  const limit = options.lineLimit ?? orderExportLineLimit;
  const now = options.now ?? Date.now();
  await expireOverdueOrders(db, now, { userId });
  const found = await findOrderExportLines(db, { userId, status: query.status, keyword: query.keyword }, limit + 1);
  const { rows, isCut } = wholeOrdersWithin(found, limit);
  return {
    fileName: `我的订单-${formatBeijingDate(now)}.xlsx`,
    workbook: orderExportWorkbook(rows, { isCut, limit }),
    lineCount: rows.length,
    isCut,
  };
}

/** 导出订单 per member: each file reads every matching line, so a member cannot have one made many times a second. */
export const orderExportLimits = { perWindow: 10, windowSeconds: 60 } as const;

/** Counts one export of the member's; false past the limit. */
export async function takeOrderExport(deps: Pick<ServiceDeps, 'counters'>, userId: number): Promise<boolean> {
  const { isAllowed } = await deps.counters.consume(`order-export:user:${String(userId)}`, orderExportLimits.perWindow, orderExportLimits.windowSeconds);
  return isAllowed;
}
