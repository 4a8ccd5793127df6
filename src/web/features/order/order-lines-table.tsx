import { productDetailPath } from '../../../contract/catalog.ts';
import { newComplaintPath } from '../../../contract/complaint.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { OrderStatus, ShortfallChoice, type LineChange, type OrderDetail, type SettlementLine } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { arrivalNoteOf, leadTimeText } from './order-backorder.tsx';

/**
 * The one table of order lines, at checkout (today's tier prices, what changed since the cart, a
 * shortfall) and on the order detail (the prices bought at, units still on back order, 申请售后).
 * Each page turns its lines into rows with the functions below; the table only lays them out.
 */
export interface OrderLinesRow {
  key: number;
  productId: number;
  productCode: string;
  productName: string;
  brandName: string;
  package: string;
  /** The buyer's own part number (客户料号); '' for none. */
  customerPartNo: string;
  unitPriceE4: number;
  quantity: number;
  amountCents: number;
  /** Further facts under the product (包装 5000 个的整数倍). */
  facts: string[];
  /** Checkout: how the line changed since it entered the cart. */
  changes: LineChange[];
  /** Under the quantity: a shortfall at checkout, or the units still on back order. */
  quantityNote: { kind: 'short' | 'backorder'; text: string } | null;
  /** Shown apart (a changed line, a line dropped for want of stock). */
  isFlagged: boolean;
  /** Order detail of a shipped or completed order: the complaint form opened on this line. */
  aftersalesHref: string | null;
}

export interface OrderLinesTableProps {
  rows: readonly OrderLinesRow[];
  /** The rows' test id: settlement-line at checkout, order-line on the detail. */
  rowTestId: 'settlement-line' | 'order-line';
  /** A screen reader's name for the table. */
  label: string;
}

export function OrderLinesTable({ rows, rowTestId, label }: OrderLinesTableProps) {
  const hasActions = rows.some((row) => row.aftersalesHref !== null);
  return (
    <table className="order-lines" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">商品信息</th>
          <th scope="col">单价</th>
          <th scope="col">数量</th>
          <th scope="col">小计</th>
          {hasActions ? <th scope="col">操作</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={row.isFlagged ? 'order-lines__row order-lines__row--flagged' : 'order-lines__row'} data-testid={rowTestId}>
            <td className="order-lines__product">
              <a className="order-lines__code" href={productDetailPath(row.productId)}>
                {row.productCode}
              </a>
              <div className="order-lines__meta">
                {row.brandName} · {row.package} · {row.productName}
              </div>
              {row.customerPartNo ? (
                <div className="order-lines__customer-part-no" data-testid="line-customer-part-no">
                  客户料号：{row.customerPartNo}
                </div>
              ) : null}
              {row.facts.map((fact) => (
                <div key={fact} className="order-lines__meta">
                  {fact}
                </div>
              ))}
              {row.changes.length > 0 ? (
                <ul className="order-lines__changes" aria-label={`${row.productCode} 的变化`}>
                  {row.changes.map((change) => (
                    <li key={change.kind} className={`order-lines__change order-lines__change--${change.kind}`}>
                      {change.text}
                    </li>
                  ))}
                </ul>
              ) : null}
            </td>
            <td className="order-lines__unit">{formatUnitPriceE4(row.unitPriceE4)}</td>
            <td className="order-lines__quantity">
              <span data-testid="line-quantity">{row.quantity}</span>
              {row.quantityNote ? (
                <p className={`order-lines__note order-lines__note--${row.quantityNote.kind}`} data-testid={`line-${row.quantityNote.kind}`}>
                  {row.quantityNote.text}
                </p>
              ) : null}
            </td>
            <td className="order-lines__amount">
              <strong className="price">{formatCents(row.amountCents)}</strong>
            </td>
            {hasActions ? (
              <td className="order-lines__actions">
                {row.aftersalesHref !== null ? (
                  <a className="order-lines__aftersales" href={row.aftersalesHref}>
                    申请售后
                  </a>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A quoted line short of stock is ordered whole: the rest waits for its lead time. */
function quotedShortfallText(line: SettlementLine, choice: ShortfallChoice, leadTime: string | undefined): string {
  const waits = `现货 ${String(line.stock)}，缺 ${String(line.quantity - Math.max(0, line.stock))}${leadTime ? `（交期 ${leadTime}）` : ''}`;
  return choice === ShortfallChoice.waitForAll ? `${waits}，到齐后一起发货` : `${waits}，现货先发，其余到货后发`;
}

function shortfallText(line: SettlementLine, choice: ShortfallChoice): string {
  const needed = `需 ${String(line.cartQuantity)}`;
  const leadTime = leadTimeText(line) ? `；${leadTimeText(line)}` : '';
  if (choice === ShortfallChoice.waitForAll) return `${needed}，现货 ${String(line.stock)}，到齐后发货${leadTime}`;
  return line.quantity === 0 ? `${needed}，暂无现货，本单不含此商品${leadTime}` : `${needed}，现货 ${String(line.stock)}，先发现货${leadTime}`;
}

/**
 * Checkout: the lines being ordered at today's tier prices; a changed line says how, a short one what
 * the buyer's choice does. An offer's lines (quotation given) are ordered whole at the quoted prices.
 */
export function settlementRowsOf(
  lines: readonly SettlementLine[],
  shortfallChoice: ShortfallChoice,
  quotation?: { leadTimes: readonly { productId: number; leadTime: string }[] },
): OrderLinesRow[] {
  const leadTimeOf = (productId: number) => quotation?.leadTimes.find((entry) => entry.productId === productId)?.leadTime;
  return lines.map((line) => ({
    key: line.productId,
    productId: line.productId,
    productCode: line.productCode,
    productName: line.productName,
    brandName: line.brandName,
    package: line.package,
    customerPartNo: line.customerPartNo,
    unitPriceE4: line.unitPriceE4,
    quantity: line.quantity,
    amountCents: line.amountCents,
    facts: [`包装 ${String(line.packSize)} 个的整数倍`],
    changes: line.changes,
    quantityNote: line.isShortOfStock
      ? { kind: 'short', text: quotation ? quotedShortfallText(line, shortfallChoice, leadTimeOf(line.productId)) : shortfallText(line, shortfallChoice) }
      : null,
    isFlagged: line.changes.length > 0 || (line.isShortOfStock && line.quantity === 0),
    aftersalesHref: null,
  }));
}

/** Orders whose goods went out: a line may be complained about. */
const deliveredStatuses: readonly OrderStatus[] = [OrderStatus.shipped, OrderStatus.completed];

function quantityNoteOf(line: OrderDetail['lines'][number], order: Pick<OrderDetail, 'status' | 'lines'>): OrderLinesRow['quantityNote'] {
  const parts = [line.cancelledQuantity > 0 ? `已取消 ${String(line.cancelledQuantity)}` : '', arrivalNoteOf(line, order) ?? ''];
  const text = parts.filter(Boolean).join('，');
  return text ? { kind: 'backorder', text } : null;
}

/** Order detail: the lines as placed, the units still on back order while the order is open, and 申请售后 once shipped. */
export function orderRowsOf(order: Pick<OrderDetail, 'orderNo' | 'status' | 'lines'>): OrderLinesRow[] {
  const isDelivered = deliveredStatuses.includes(order.status);
  return order.lines.map((line) => {
    return {
      key: line.id,
      productId: line.productId,
      productCode: line.productCode,
      productName: line.productName,
      brandName: line.brandName,
      package: line.package,
      customerPartNo: line.customerPartNo,
      unitPriceE4: line.unitPriceE4,
      quantity: line.quantity,
      amountCents: line.amountCents,
      facts: [],
      changes: [],
      quantityNote: quantityNoteOf(line, order),
      isFlagged: false,
      aftersalesHref: isDelivered ? newComplaintPath(order.orderNo, line.id) : null,
    };
  });
}
