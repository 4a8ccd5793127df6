import type { Kysely } from 'kysely';
import { backOrderDateOf } from '../../../contract/backorder.ts';
import type { SettlementLine } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { loadPurchasingOf } from '../catalog/purchasing.service.ts';

/**
 * Checkout's back-order dates (decision 0031): a line short of stock whose part has a factory lead
 * time is shown — and, once placed, kept — with 预计到货 = today (Beijing) + the lead weeks. The same
 * function dates the page (preview) and the order (placement), so the buyer orders the date seen.
 */
export async function withBackOrderDates(db: Kysely<Database>, lines: readonly SettlementLine[], now: number): Promise<SettlementLine[]> {
  const shortIds = lines.filter((line) => line.isShortOfStock).map((line) => line.productId);
  if (shortIds.length === 0) return [...lines];
  const purchasing = await loadPurchasingOf(db, shortIds);
  return lines.map((line) =>
    line.isShortOfStock ? { ...line, backOrder: backOrderDateOf(now, purchasing.get(line.productId)?.purchasing.factoryLeadWeeks ?? null) } : line,
  );
}

/** What a placed line keeps: its 预计到货 when some of its units wait (more ordered than taken), else null. */
export function expectedDateOfPlaced(line: SettlementLine, reservedQuantity: number): string | null {
  return reservedQuantity < line.quantity ? (line.backOrder?.expectedDate ?? null) : null;
}
