import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';
import { filteredOrders, type OrderListFilter } from './order.repository.ts';

/** One line of 导出订单 with its order's facts and the units sent of it in parcels so far. */
export interface OrderExportLineRow {
  orderId: number;
  orderNo: string;
  createdAt: number;
  status: OrderStatus;
  poNumber: string;
  payableCents: number;
  productCode: string;
  customerPartNo: string;
  brandName: string;
  quantity: number;
  unitPriceE4: number;
  amountCents: number;
  shippedQuantity: number;
}

/** The lines of the member's orders that the list's filter finds, newest order first, its lines in order; at most `limit`. */
export function findOrderExportLines(db: Kysely<Database>, filter: OrderListFilter, limit: number): Promise<OrderExportLineRow[]> {
  return filteredOrders(db, filter)
    .innerJoin('orderLines as line', 'line.orderId', 'o.id')
    .select((eb) => [
      'o.id as orderId',
      'o.orderNo',
      'o.createdAt',
      'o.status',
      'o.poNumber',
      'o.payableCents',
      'line.productCode',
      'line.customerPartNo',
      'line.brandName',
      'line.quantity',
      'line.unitPriceE4',
      'line.amountCents',
      eb.fn
        .coalesce(
          eb
            .selectFrom('orderShipmentLines as sent')
            .select((sub) => sub.fn.sum<number>('sent.quantity').as('units'))
            .whereRef('sent.orderLineId', '=', 'line.id'),
          eb.lit(0),
        )
        .as('shippedQuantity'),
    ])
    .orderBy('o.createdAt', 'desc')
    .orderBy('o.id', 'desc')
    .orderBy('line.id')
    .limit(limit)
    .execute();
}
