import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import type { SavedBom } from '../../../contract/bom.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import type { Config } from '../../config.ts';
import { designatorsText, evidenceOf, type PricedBom } from './bom-pricing.ts';

/** The quotation sheet (报价单) of a saved BOM as a PDF, with a CJK font embedded (subset) so it reads anywhere. */

export const quotationValidityDays = 7;

/** The font cannot be read: no PDF is made rather than one without its Chinese text. */
export class PdfFontMissingError extends Error {}

const fontFiles = new Map<string, Promise<Buffer>>();

/** The font file is large (a CJK collection): read once per process and kept. */
function fontFile(path: string): Promise<Buffer> {
  let file = fontFiles.get(path);
  if (!file) {
    file = readFile(path);
    fontFiles.set(path, file);
    file.catch(() => fontFiles.delete(path));
  }
  return file;
}

export interface QuotationParty {
  siteName: string;
  hotline: string;
  memberName: string;
}

const page = { margin: 40, width: 595.28, height: 841.89 };
const columns = [
  { title: '序号', width: 32, align: 'left' },
  { title: '商品编号', width: 128, align: 'left' },
  { title: '品牌', width: 110, align: 'left' },
  { title: '封装', width: 70, align: 'left' },
  { title: '数量', width: 55, align: 'right' },
  { title: '单价', width: 60, align: 'right' },
  { title: '小计', width: 60, align: 'right' },
] as const;
const rowHeight = 18;
/** A bought line's row carries a second, smaller line: its designators and why its part is the line's (issue 27). */
const lineRowHeight = 30;

type Doc = PDFKit.PDFDocument;

function drawRow(doc: Doc, y: number, cells: readonly string[], isHeader = false, detail = '') {
  let x = page.margin;
  const height = detail ? lineRowHeight : rowHeight;
  doc.fontSize(isHeader ? 9.5 : 9).fillColor(isHeader ? '#333333' : '#000000');
  columns.forEach((column, index) => {
    doc.text(cells[index] ?? '', x + 2, y + 4, { width: column.width - 4, height: rowHeight - 4, align: column.align, lineBreak: false, ellipsis: true });
    x += column.width;
  });
  if (detail) {
    const indent = page.margin + columns[0].width;
    doc.fontSize(7).fillColor('#555555');
    doc.text(detail, indent + 2, y + 17, { width: page.width - page.margin - indent - 4, height: 10, lineBreak: false, ellipsis: true });
  }
  doc
    .moveTo(page.margin, y + height)
    .lineTo(page.width - page.margin, y + height)
    .strokeColor('#dddddd')
    .stroke();
}

function drawHead(doc: Doc, saved: SavedBom, party: QuotationParty, now: number): number {
  doc
    .fontSize(20)
    .fillColor('#000000')
    .text('报价单', page.margin, page.margin, { width: page.width - 2 * page.margin, align: 'center' });
  doc.fontSize(10).fillColor('#333333');
  const details = [
    `报价方：${party.siteName}（客服热线 ${party.hotline}）`,
    `客户：${party.memberName}`,
    `BOM：${saved.name}（编号 ${saved.bomId}）`,
    `报价日期：${formatBeijingDate(now)}`,
  ];
  let y = page.margin + 36;
  for (const detail of details) {
    doc.text(detail, page.margin, y, { width: page.width - 2 * page.margin, lineBreak: false, ellipsis: true, height: 14 });
    y += 16;
  }
  return y + 6;
}

function drawFoot(doc: Doc, y: number, priced: PricedBom, now: number) {
  const purchased = priced.lines.filter((entry) => entry.purchase !== null).length;
  const unpriced = priced.lines.filter((entry) => entry.purchase === null && !entry.line.isNotFitted).length;
  const validUntil = formatBeijingDate(now + quotationValidityDays * 86_400_000);
  doc.fontSize(11).fillColor('#000000');
  doc.text(`合计（${purchased} 种物料）：${formatCents(priced.totalCents)}`, page.margin, y + 8, { width: page.width - 2 * page.margin, align: 'right' });
  doc.fontSize(9).fillColor('#555555');
  const notes = [
    `本报价有效期至 ${validUntil}（${quotationValidityDays} 天）；价格与库存随市场变动，以下单时商城实时价格为准。`,
    '单价按购买数量所在的价格阶梯计算，小计与购物车、结算金额一致，精确到分。',
  ];
  if (unpriced > 0) notes.push(`另有 ${unpriced} 行物料未选定型号，未计入合计，可在商城提交询价。`);
  doc.text(notes.join('\n'), page.margin, y + 30, { width: page.width - 2 * page.margin });
}

async function pdfBytes(doc: Doc, draw: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw();
  doc.end();
  return done;
}

export async function bomQuotationPdf(
  fontConfig: Config['pdfFont'],
  saved: SavedBom,
  priced: PricedBom,
  party: QuotationParty,
  now = Date.now(),
): Promise<Buffer> {
  let font: Buffer;
  try {
    font = await fontFile(fontConfig.path);
  } catch (error) {
    throw new PdfFontMissingError(`PDF font not readable at ${fontConfig.path}`, { cause: error });
  }
  const doc = new PDFDocument({ size: 'A4', margin: page.margin, info: { Title: `报价单 ${saved.name}`, Author: party.siteName } });
  try {
    doc.registerFont('cjk', font, fontConfig.name);
    doc.font('cjk');
  } catch (error) {
    throw new PdfFontMissingError(`PDF font ${fontConfig.name} not found in ${fontConfig.path}`, { cause: error });
  }
  return pdfBytes(doc, () => {
    let y = drawHead(doc, saved, party, now);
    drawRow(
      doc,
      y,
      columns.map((column) => column.title),
      true,
    );
    y += rowHeight;
    let index = 0;
    for (const { line, purchase } of priced.lines) {
      if (!purchase) continue;
      index += 1;
      if (y + lineRowHeight > page.height - page.margin) {
        doc.addPage();
        y = page.margin;
      }
      const { product } = purchase;
      const unit = purchase.unitPriceE4 === null ? '' : formatUnitPriceE4(purchase.unitPriceE4);
      const cells = [String(index), product.code, product.brandName, product.package, String(purchase.quantity), unit, formatCents(purchase.subtotalCents)];
      const designators = designatorsText(line);
      drawRow(doc, y, cells, false, [designators && `位号 ${designators}`, evidenceOf(line, product.productId)].filter(Boolean).join('　'));
      y += lineRowHeight;
    }
    if (y + 90 > page.height - page.margin) {
      doc.addPage();
      y = page.margin;
    }
    drawFoot(doc, y, priced, now);
  });
}
