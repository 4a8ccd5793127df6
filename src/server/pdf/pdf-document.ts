import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import type { Config } from '../config.ts';

/**
 * The store's PDFs (the BOM's 报价单, an order's 订单确认单 and 形式发票): A4 pages with a CJK font embedded as
 * a subset, so they read anywhere, tables whose header is repeated on each page they run onto, and page numbers.
 * Drawn in the app's worker threads (work/work-pool.ts), never on the event loop's thread.
 */

export type PdfDocument = PDFKit.PDFDocument;

/** The font cannot be read: no PDF is made rather than one without its Chinese text. */
export class PdfFontMissingError extends Error {}

export const pdfPage = { margin: 40, width: 595.28, height: 841.89 } as const;
export const pdfContentWidth = pdfPage.width - 2 * pdfPage.margin;
/** The band under the content where the page numbers go. */
const footerHeight = 18;
/** The lowest y a row or a block may reach before it goes onto a new page. */
export const pdfContentBottom = pdfPage.height - pdfPage.margin - footerHeight;

const fontFiles = new Map<string, Promise<Buffer>>();

/** The font file is large (a CJK collection): read once per thread and kept. */
function fontFile(path: string): Promise<Buffer> {
  let file = fontFiles.get(path);
  if (!file) {
    file = readFile(path);
    fontFiles.set(path, file);
    file.catch(() => fontFiles.delete(path));
  }
  return file;
}

/** A document in the CJK font, its pages kept until the end so they can be numbered. */
export async function openCjkDocument(fontConfig: Config['pdfFont'], info: { Title: string; Author: string }): Promise<PdfDocument> {
  let font: Buffer;
  try {
    font = await fontFile(fontConfig.path);
  } catch (error) {
    throw new PdfFontMissingError(`PDF font not readable at ${fontConfig.path}`, { cause: error });
  }
  const doc = new PDFDocument({ size: 'A4', margin: pdfPage.margin, bufferPages: true, info });
  try {
    doc.registerFont('cjk', font, fontConfig.name);
    doc.font('cjk');
  } catch (error) {
    throw new PdfFontMissingError(`PDF font ${fontConfig.name} not found in ${fontConfig.path}`, { cause: error });
  }
  return doc;
}

/** Draws, numbers the pages (第 1 页 / 共 2 页) and answers the file's bytes. */
export async function pdfBytesOf(doc: PdfDocument, draw: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw();
  numberPages(doc);
  doc.end();
  return done;
}

function numberPages(doc: PdfDocument) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // Text below the bottom margin would make PDFKit start a page of its own.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .fillColor('#777777')
      .text(`第 ${String(index - start + 1)} 页 / 共 ${String(count)} 页`, pdfPage.margin, pdfPage.height - pdfPage.margin - 10, {
        width: pdfContentWidth,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}

/** y where a block of `height` fits: y itself, or the top of a new page. */
export function placeBlock(doc: PdfDocument, y: number, height: number): number {
  if (y + height <= pdfContentBottom) return y;
  doc.addPage();
  return pdfPage.margin;
}

export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

export interface PdfTableRow {
  cells: readonly string[];
  /** A second, smaller line under the row, from the second column to the end (the BOM's designators and evidence). */
  detail?: string;
}

const cellPadding = 3;
const bodySize = 8.5;
const headerSize = 9;
const detailSize = 7;

function cellHeight(doc: PdfDocument, text: string, width: number, size: number): number {
  return doc.fontSize(size).heightOfString(text || ' ', { width: width - 2 * cellPadding });
}

function rowHeightOf(doc: PdfDocument, columns: readonly PdfColumn[], row: PdfTableRow, size: number): number {
  const cells = Math.max(...columns.map((column, index) => cellHeight(doc, row.cells[index] ?? '', column.width, size)));
  const detail = row.detail ? cellHeight(doc, row.detail, tableWidth(columns) - (columns[0]?.width ?? 0), detailSize) + 1 : 0;
  return cells + detail + 2 * cellPadding;
}

function tableWidth(columns: readonly PdfColumn[]): number {
  return columns.reduce((sum, column) => sum + column.width, 0);
}

function drawRow(doc: PdfDocument, y: number, columns: readonly PdfColumn[], row: PdfTableRow, isHeader: boolean): number {
  const size = isHeader ? headerSize : bodySize;
  const height = rowHeightOf(doc, columns, row, size);
  if (isHeader) doc.rect(pdfPage.margin, y, tableWidth(columns), height).fill('#f2f4f7');
  let x = pdfPage.margin;
  doc.fontSize(size).fillColor(isHeader ? '#333333' : '#000000');
  columns.forEach((column, index) => {
    doc.text(row.cells[index] ?? '', x + cellPadding, y + cellPadding, { width: column.width - 2 * cellPadding, align: column.align });
    x += column.width;
  });
  if (row.detail) {
    const indent = pdfPage.margin + (columns[0]?.width ?? 0);
    const top = y + cellPadding + Math.max(...columns.map((column, index) => cellHeight(doc, row.cells[index] ?? '', column.width, size)));
    doc.fontSize(detailSize).fillColor('#555555');
    doc.text(row.detail, indent + cellPadding, top + 1, { width: tableWidth(columns) - (columns[0]?.width ?? 0) - 2 * cellPadding });
  }
  doc
    .moveTo(pdfPage.margin, y + height)
    .lineTo(pdfPage.margin + tableWidth(columns), y + height)
    .strokeColor('#dddddd')
    .stroke();
  return y + height;
}

/**
 * A table from y down, onto as many pages as it needs; each page it runs onto starts with its header again.
 * Cells wrap rather than cut: a 40-character 客户料号 is read whole. Answers the y under its last row.
 */
export function drawTable(doc: PdfDocument, y: number, columns: readonly PdfColumn[], rows: readonly PdfTableRow[]): number {
  const header: PdfTableRow = { cells: columns.map((column) => column.title) };
  const headerHeight = rowHeightOf(doc, columns, header, headerSize);
  let top = placeBlock(doc, y, headerHeight + rowHeightOf(doc, columns, rows[0] ?? header, bodySize));
  top = drawRow(doc, top, columns, header, true);
  for (const row of rows) {
    const height = rowHeightOf(doc, columns, row, bodySize);
    if (top + height > pdfContentBottom) {
      doc.addPage();
      top = drawRow(doc, pdfPage.margin, columns, header, true);
    }
    top = drawRow(doc, top, columns, row, false);
  }
  return top;
}
