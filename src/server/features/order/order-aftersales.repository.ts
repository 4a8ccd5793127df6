import type { Kysely } from 'kysely';
import { OrderStatus } from '../../../contract/order.ts';
import type { Database } from '../../db/database.ts';

/** The order lines after-sales reads (the complaint feature, through order-aftersales.service.ts). */

const lineColumns = [
  'orderLines.id',
  'orderLines.orderId',
  'orderLines.productCode',
  'orderLines.productName',
  'orderLines.brandName',
  'orderLines.package',
  'orderLines.quantity',
  'orders.orderNo',
  'orders.userId',
  'orders.status',
  'orders.createdAt',
  'orders.completedAt',
] as const;

export interface AftersalesLineRow {
  id: number;
  orderId: number;
  productCode: string;
  productName: string;
  brandName: string;
  package: string;
  quantity: number;
  orderNo: string;
  userId: number;
  status: OrderStatus;
  createdAt: number;
  completedAt: number | null;
}

export function findAftersalesLines(db: Kysely<Database>, lineIds: readonly number[]): Promise<AftersalesLineRow[]> {
  if (lineIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select(lineColumns)
    .where('orderLines.id', 'in', [...new Set(lineIds)])
    .execute();
}

/** The member's shipped orders and those completed since `completedSince`, newest first, with their lines. */
export async function findAftersalesOrderLines(db: Kysely<Database>, userId: number, completedSince: number, limit: number): Promise<AftersalesLineRow[]> {
  const orders = await db
    .selectFrom('orders')
    .select('id')
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('status', '=', OrderStatus.shipped), eb.and([eb('status', '=', OrderStatus.completed), eb('completedAt', '>=', completedSince)])]))
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  if (orders.length === 0) return [];
  return db
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .select(lineColumns)
    .where(
      'orders.id',
      'in',
      orders.map((order) => order.id),
    )
    .orderBy('orders.createdAt', 'desc')
    .orderBy('orders.id', 'desc')
    .orderBy('orderLines.id')
    .execute();
}
