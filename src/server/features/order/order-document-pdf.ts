import { invoiceTitleOf, invoiceTypeNames, type InvoiceSnapshot } from '../../../contract/invoice.ts';
import { capitalAmountOfCents, formatCents, formatUnitPriceE4 } from '../../../contract/money.ts';
import { OrderStatus, type OrderDetail } from '../../../contract/order.ts';
import { orderDocumentLabels, type OrderDocumentKind } from '../../../contract/order-documents.ts';
import { procurementLabels } from '../../../contract/procurement.ts';
import { formatBeijingDate, formatBeijingTime } from '../../../contract/time.ts';
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

/**
 * An order's 订单确认单 and 形式发票 (contract/order-documents.ts) as PDFs, drawn in a worker thread
 * (order-document.worker.ts) from plain data the service gathered: the seller's facts (site facts and the
 * bank account of 对公转账), the buyer, and the order as its detail page shows it.
 */

export interface OrderDocumentSeller {
  siteName: string;
  hotline: string;
  /** Where the goods ship from (the first warehouse's address, site facts); '' for none. */
  address: string;
  bank: { accountName: string; bankName: string; accountNumber: string };
}

export interface OrderDocumentBuyer {
  name: string;
  phone: string;
}

export interface OrderDocumentInput {
  kind: OrderDocumentKind;
  seller: OrderDocumentSeller;
  buyer: OrderDocumentBuyer;
  order: OrderDetail;
  /** Placement + BANK_TRANSFER_WINDOW_DAYS: how late an unpaid order can be paid once 对公转账 is chosen. */
  bankTransferDeadline: number;
  issuedAt: number;
}

const columns: readonly PdfColumn[] = [
  { title: '序号', width: 24, align: 'left' },
  { title: procurementLabels.customerPartNo, width: 84, align: 'left' },
  { title: '商品编号', width: 110, align: 'left' },
  { title: '品牌', width: 96, align: 'left' },
  { title: '封装', width: 48, align: 'left' },
  { title: '数量', width: 44, align: 'right' },
  { title: '单价', width: 52, align: 'right' },
  { title: '金额', width: 57, align: 'right' },
];

const blockGap = 10;
const textSize = 9;

type Line = string;

function sellerLines({ seller }: OrderDocumentInput): Line[] {
  return [`名称：${seller.siteName}`, `客服热线：${seller.hotline}`, ...(seller.address ? [`发货地址：${seller.address}`] : [])];
}

function invoiceLines(invoice: InvoiceSnapshot | null): Line[] {
  if (!invoice) return [];
  const title = `发票抬头：${invoiceTitleOf(invoice)}（${invoiceTypeNames[invoice.type]}）`;
  return invoice.type === 'normal-personal' ? [title] : [title, `纳税人识别号：${invoice.taxNumber}`];
}

function buyerLines({ buyer, order }: OrderDocumentInput): Line[] {
  const address = order.address;
  const receiving = address
    ? `收货：${address.receiver} ${address.phone} ${address.provinceName}${address.cityName}${address.districtName}${address.detail}`
    : `收货：${order.carrier.name}`;
  return [...invoiceLines(order.invoice), `联系人：${buyer.name}`, `电话：${buyer.phone}`, receiving];
}

/** Two boxes side by side, 卖方 and 买方; answers the y under the taller. */
function drawParties(doc: PdfDocument, y: number, input: OrderDocumentInput): number {
  const width = (pdfContentWidth - blockGap) / 2;
  const boxes = [
    { title: '卖方', lines: sellerLines(input), x: pdfPage.margin },
    { title: '买方', lines: buyerLines(input), x: pdfPage.margin + width + blockGap },
  ];
  const heightOf = (lines: Line[]) => 18 + doc.fontSize(textSize).heightOfString(lines.join('\n'), { width: width - 12 });
  const height = Math.max(...boxes.map((box) => heightOf(box.lines))) + 8;
  for (const box of boxes) {
    doc.rect(box.x, y, width, height).strokeColor('#cccccc').stroke();
    doc
      .fontSize(10)
      .fillColor('#000000')
      .text(box.title, box.x + 6, y + 5, { width: width - 12 });
    doc
      .fontSize(textSize)
      .fillColor('#333333')
      .text(box.lines.join('\n'), box.x + 6, y + 20, { width: width - 12 });
  }
  return y + height + blockGap;
}

function drawHead(doc: PdfDocument, input: OrderDocumentInput): number {
  const { order } = input;
  doc.fontSize(20).fillColor('#000000').text(orderDocumentLabels[input.kind], pdfPage.margin, pdfPage.margin, { width: pdfContentWidth, align: 'center' });
  const facts = [
    `订单号：${order.orderNo}`,
    `下单时间：${formatBeijingTime(order.createdAt)}`,
    `${procurementLabels.poNumber}：${order.poNumber || '—'}`,
    `订单状态：${order.statusLabel}`,
    `配送方式：${order.carrier.name}`,
    `开具日期：${formatBeijingDate(input.issuedAt)}`,
  ];
  doc.fontSize(textSize).fillColor('#333333');
  const half = pdfContentWidth / 2;
  let y = pdfPage.margin + 34;
  for (let index = 0; index < facts.length; index += 2) {
    doc.text(facts[index] ?? '', pdfPage.margin, y, { width: half - 6 });
    doc.text(facts[index + 1] ?? '', pdfPage.margin + half, y, { width: half });
    y += 14;
  }
  return drawParties(doc, y + 4, input);
}

function lineRows(order: OrderDetail): PdfTableRow[] {
  return order.lines.map((line, index) => ({
    cells: [
      String(index + 1),
      line.customerPartNo,
      line.productCode,
      line.brandName,
      line.package,
      String(line.quantity),
      formatUnitPriceE4(line.unitPriceE4),
      formatCents(line.amountCents),
    ],
    ...(line.cancelledQuantity > 0 ? { detail: `其中 ${String(line.cancelledQuantity)} 个已退款，不再发货` } : {}),
  }));
}

/** 商品金额, 运费, 优惠券抵扣, 应付总额 (and what was refunded), then the total in 大写. */
function drawTotals(doc: PdfDocument, y: number, order: OrderDetail): number {
  const discount = order.goodsDiscountCents + order.freightDiscountCents;
  const rows: [string, string][] = [
    [`商品金额（${String(order.lineCount)} 种，${String(order.productCount)} 件）`, formatCents(order.goodsCents)],
    ['运费', formatCents(order.freightCents)],
    ...(discount > 0 ? [['优惠券抵扣', `-${formatCents(discount)}`] as [string, string]] : []),
    ['应付总额', formatCents(order.payableCents)],
    ...(order.refundedCents > 0 ? [['已退款', `-${formatCents(order.refundedCents)}`] as [string, string]] : []),
  ];
  let top = placeBlock(doc, y + 6, rows.length * 15 + 40);
  for (const [label, amount] of rows) {
    doc.fontSize(label === '应付总额' ? 11 : textSize).fillColor('#000000');
    doc.text(label, pdfPage.margin + pdfContentWidth - 300, top, { width: 200, align: 'right' });
    doc.text(amount, pdfPage.margin + pdfContentWidth - 95, top, { width: 95, align: 'right' });
    top += 15;
  }
  doc
    .fontSize(10)
    .text(`合计金额（大写）：人民币${capitalAmountOfCents(order.payableCents)}`, pdfPage.margin, top + 4, { width: pdfContentWidth, align: 'right' });
  return top + 24;
}

/** A titled paragraph block, kept whole on one page. */
function drawNotes(doc: PdfDocument, y: number, title: string, lines: readonly Line[]): number {
  const text = lines.join('\n');
  const height = 16 + doc.fontSize(textSize).heightOfString(text, { width: pdfContentWidth });
  const top = placeBlock(doc, y, height);
  doc.fontSize(10).fillColor('#000000').text(title, pdfPage.margin, top, { width: pdfContentWidth });
  doc
    .fontSize(textSize)
    .fillColor('#333333')
    .text(text, pdfPage.margin, top + 15, { width: pdfContentWidth });
  return top + height + blockGap;
}

function paidText(order: OrderDetail): string {
  const payment = order.payment;
  return payment ? `已于 ${formatBeijingTime(payment.paidAt)} 通过${payment.methodLabel}付款 ${formatCents(order.payableCents)}` : '已付款';
}

/** What the 订单确认单 confirms: the order as placed, and whether it is paid. */
function confirmationLines(input: OrderDocumentInput): Line[] {
  const { order, seller } = input;
  if (order.status === OrderStatus.unpaid) {
    return [
      `买方已于 ${formatBeijingTime(order.createdAt)} 提交本订单，${seller.siteName}确认按上列型号、数量与价格供货。`,
      `付款状态：待付款。请于 ${formatBeijingTime(order.expiresAt ?? order.createdAt)} 前付款，逾期未付款订单将自动取消，所占库存随之释放。`,
    ];
  }
  return [
    `买方已于 ${formatBeijingTime(order.createdAt)} 提交本订单，${seller.siteName}确认按上列型号、数量与价格供货。`,
    `付款状态：${paidText(order)}，交易已确认；当前订单状态：${order.statusLabel}。`,
  ];
}

/** The 形式发票's terms: how long it stands, how to pay, and what it is not. */
function proformaLines(input: OrderDocumentInput): Line[] {
  const { order } = input;
  const terms = `付款方式：款到发货（全额预付）。对公转账请在附言（备注）中填写订单号 ${order.orderNo}，转账金额须与应付总额一致，到账经工作人员确认后安排发货。`;
  const notInvoice = '本形式发票仅供付款与内部审批使用，不作为报销或抵扣凭证；正式发票以开具的增值税发票为准。';
  if (order.status !== OrderStatus.unpaid) return [`付款状态：${paidText(order)}，无需再次付款。`, notInvoice];
  const deadline = order.expiresAt ?? order.createdAt;
  const validity = `有效期：至 ${formatBeijingTime(deadline)}（订单付款期限），逾期未付款订单自动取消，本形式发票随之失效。`;
  const extend =
    deadline < input.bankTransferDeadline
      ? [`如需对公转账，请先在订单收银台选择“对公转账”，付款期限将延长至 ${formatBeijingTime(input.bankTransferDeadline)}。`]
      : [];
  return [validity, ...extend, terms, notInvoice];
}

function bankLines({ seller, order }: OrderDocumentInput): Line[] {
  return [
    `户名：${seller.bank.accountName}`,
    `开户银行：${seller.bank.bankName}`,
    `银行账号：${seller.bank.accountNumber}`,
    `转账附言：${order.orderNo}`,
    `转账金额：${formatCents(order.payableCents)}`,
  ];
}

const priceNote = '单价为含税人民币价格，按购买数量所在的价格阶梯计算；金额为单价 × 数量，四舍五入到分。';

export async function orderDocumentPdf(fontConfig: Config['pdfFont'], input: OrderDocumentInput): Promise<Buffer> {
  const title = `${orderDocumentLabels[input.kind]} ${input.order.orderNo}`;
  const doc = await openCjkDocument(fontConfig, { Title: title, Author: input.seller.siteName });
  return pdfBytesOf(doc, () => {
    let y = drawTable(doc, drawHead(doc, input), columns, lineRows(input.order));
    y = drawTotals(doc, y, input.order);
    if (input.kind === 'confirmation') {
      y = drawNotes(doc, y, '确认事项', [...confirmationLines(input), priceNote]);
    } else {
      y = drawNotes(doc, y, '付款条件', [...proformaLines(input), priceNote]);
      drawNotes(doc, y, '收款账户（对公转账）', bankLines(input));
    }
  });
}
