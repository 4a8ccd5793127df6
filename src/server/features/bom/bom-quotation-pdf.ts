import type { SavedBom } from '../../../contract/bom.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import type { Config } from '../../config.ts';
import {
  drawTable,
  openCjkDocument,
  pdfBytesOf,
  pdfContentWidth,
  pdfPage,
  placeBlock,
  type PdfColumn,
  type PdfDocument,
  type PdfTableRow,
} from '../../pdf/pdf-document.ts';
import { designatorsText, evidenceOf, type PricedBom } from './bom-pricing.ts';

/** The quotation sheet (报价单) of a saved BOM as a PDF, drawn with the store's PDF kit (pdf/pdf-document.ts). */

export const quotationValidityDays = 7;

export interface QuotationParty {
  siteName: string;
  hotline: string;
  memberName: string;
}

const columns: readonly PdfColumn[] = [
  { title: '序号', width: 32, align: 'left' },
  { title: '商品编号', width: 128, align: 'left' },
  { title: '品牌', width: 110, align: 'left' },
  { title: '封装', width: 70, align: 'left' },
  { title: '数量', width: 55, align: 'right' },
  { title: '单价', width: 60, align: 'right' },
  { title: '小计', width: 60, align: 'right' },
];

function drawHead(doc: PdfDocument, saved: SavedBom, party: QuotationParty, now: number): number {
  doc.fontSize(20).fillColor('#000000').text('报价单', pdfPage.margin, pdfPage.margin, { width: pdfContentWidth, align: 'center' });
  doc.fontSize(10).fillColor('#333333');
  const details = [
    `报价方：${party.siteName}（客服热线 ${party.hotline}）`,
    `客户：${party.memberName}`,
    `BOM：${saved.name}（编号 ${saved.bomId}）`,
    `报价日期：${formatBeijingDate(now)}`,
  ];
  let y = pdfPage.margin + 36;
  for (const detail of details) {
    doc.text(detail, pdfPage.margin, y, { width: pdfContentWidth, lineBreak: false, ellipsis: true, height: 14 });
    y += 16;
  }
  return y + 6;
}

function drawFoot(doc: PdfDocument, y: number, priced: PricedBom, now: number) {
  const purchased = priced.lines.filter((entry) => entry.purchase !== null).length;
  const unpriced = priced.lines.filter((entry) => entry.purchase === null && !entry.line.isNotFitted).length;
  const validUntil = formatBeijingDate(now + quotationValidityDays * 86_400_000);
  doc.fontSize(11).fillColor('#000000');
  doc.text(`合计（${purchased} 种物料）：${formatCents(priced.totalCents)}`, pdfPage.margin, y + 8, { width: pdfContentWidth, align: 'right' });
  doc.fontSize(9).fillColor('#555555');
  const notes = [
    `本报价有效期至 ${validUntil}（${quotationValidityDays} 天）；价格与库存随市场变动，以下单时商城实时价格为准。`,
    '单价按购买数量所在的价格阶梯计算，小计与购物车、结算金额一致，精确到分。',
  ];
  if (unpriced > 0) notes.push(`另有 ${unpriced} 行物料未选定型号，未计入合计，可在商城提交询价。`);
  doc.text(notes.join('\n'), pdfPage.margin, y + 30, { width: pdfContentWidth });
}

/** The bought lines as rows: part, maker, package, quantity and price, and under each its designators and why its part is the line's (issue 27). */
function quotationRows(priced: PricedBom): PdfTableRow[] {
  const rows: PdfTableRow[] = [];
  for (const { line, purchase } of priced.lines) {
    if (!purchase) continue;
    const { product } = purchase;
    const unit = purchase.unitPriceE4 === null ? '' : formatUnitPriceE4(purchase.unitPriceE4);
    const designators = designatorsText(line);
    rows.push({
      cells: [String(rows.length + 1), product.code, product.brandName, product.package, String(purchase.quantity), unit, formatCents(purchase.subtotalCents)],
      detail: [designators && `位号 ${designators}`, evidenceOf(line, product.productId)].filter(Boolean).join('　'),
    });
  }
  return rows;
}

export async function bomQuotationPdf(
  fontConfig: Config['pdfFont'],
  saved: SavedBom,
  priced: PricedBom,
  party: QuotationParty,
  now = Date.now(),
): Promise<Buffer> {
  const doc = await openCjkDocument(fontConfig, { Title: `报价单 ${saved.name}`, Author: party.siteName });
  return pdfBytesOf(doc, () => {
    const y = drawTable(doc, drawHead(doc, saved, party, now), columns, quotationRows(priced));
    drawFoot(doc, placeBlock(doc, y, 90), priced, now);
  });
}
