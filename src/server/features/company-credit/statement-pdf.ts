import { capitalAmountOfCents, formatCents } from '../../../contract/money.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import type { Config } from '../../config.ts';
import { drawTable, openCjkDocument, pdfBytesOf, pdfContentWidth, pdfPage, placeBlock, type PdfColumn, type PdfDocument } from '../../pdf/pdf-document.ts';
import type { StatementDocument } from './company-credit.service.ts';

/** A 对账单 as a PDF (drawn in a worker thread: statement.worker.ts) from the plain data the service gathered. */

export interface StatementPdfInput {
  siteName: string;
  document: StatementDocument;
  issuedAt: number;
}

const columns: readonly PdfColumn[] = [
  { title: '序号', width: 34, align: 'left' },
  { title: '日期', width: 120, align: 'left' },
  { title: '类型', width: 80, align: 'left' },
  { title: '订单号', width: 150, align: 'left' },
  { title: '金额', width: 131.28, align: 'right' },
];

function drawHead(doc: PdfDocument, input: StatementPdfInput): number {
  const { document } = input;
  const { statement } = document;
  doc.fontSize(20).fillColor('#000000').text('对账单', pdfPage.margin, pdfPage.margin, { width: pdfContentWidth, align: 'center' });
  const facts = [
    `客户：${document.companyName}`,
    `账单月份：${statement.periodLabel}`,
    `状态：${statement.statusLabel}`,
    `账期：${String(document.termsDays)}天`,
    `出账时间：${statement.issuedAtStr || '—'}`,
    `还款日：${statement.dueAtStr || '—'}`,
    `结清时间：${statement.settledAtStr || '—'}`,
    `开具日期：${formatBeijingDate(input.issuedAt)}`,
  ];
  doc.fontSize(9).fillColor('#333333');
  const half = pdfContentWidth / 2;
  let y = pdfPage.margin + 34;
  for (let index = 0; index < facts.length; index += 2) {
    doc.text(facts[index] ?? '', pdfPage.margin, y, { width: half - 6 });
    doc.text(facts[index + 1] ?? '', pdfPage.margin + half, y, { width: half });
    y += 14;
  }
  return y + 8;
}

function drawTotal(doc: PdfDocument, y: number, input: StatementPdfInput): number {
  const total = input.document.statement.totalCents;
  const top = placeBlock(doc, y + 8, 60);
  doc
    .fontSize(11)
    .fillColor('#000000')
    .text(`本期应付：${formatCents(total)}`, pdfPage.margin, top, { width: pdfContentWidth, align: 'right' });
  const capital = total >= 0 ? `人民币${capitalAmountOfCents(total)}` : `账户结余人民币${capitalAmountOfCents(-total)}`;
  doc.fontSize(10).text(`合计（大写）：${capital}`, pdfPage.margin, top + 18, { width: pdfContentWidth, align: 'right' });
  doc
    .fontSize(9)
    .fillColor('#333333')
    .text(`请于还款日前通过对公转账结清，转账附言请注明"${input.document.statement.period}对账单"。${input.siteName}`, pdfPage.margin, top + 40, {
      width: pdfContentWidth,
    });
  return top + 60;
}

export async function statementPdf(font: Config['pdfFont'], input: StatementPdfInput): Promise<Buffer> {
  const { document } = input;
  const doc = await openCjkDocument(font, { Title: `对账单 ${document.companyName} ${document.statement.period}`, Author: input.siteName });
  return pdfBytesOf(doc, () => {
    const y = drawHead(doc, input);
    const rows = document.lines.map((line, index) => ({
      cells: [String(index + 1), line.atStr, line.kindLabel, line.orderNo, formatCents(line.amountCents)],
    }));
    const bottom = rows.length > 0 ? drawTable(doc, y, columns, rows) : y;
    drawTotal(doc, bottom, input);
  });
}
