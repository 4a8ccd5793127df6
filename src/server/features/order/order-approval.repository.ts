import type { Insertable, Kysely, Selectable } from 'kysely';
import type { OrderApprovalDecision } from '../../../contract/order-approval.ts';
import type { Database } from '../../db/database.ts';
import type { OrderApprovalsTable } from './order-approval.tables.ts';

export type OrderApprovalRow = Selectable<OrderApprovalsTable>;

export async function insertOrderApproval(db: Kysely<Database>, approval: Insertable<OrderApprovalsTable>): Promise<void> {
  await db.insertInto('orderApprovals').values(approval).execute();
}

export function findOrderApproval(db: Kysely<Database>, orderId: number): Promise<OrderApprovalRow | undefined> {
  return db.selectFrom('orderApprovals').selectAll().where('orderId', '=', orderId).executeTakeFirst();
}

/** The decision, once: true when this call recorded it (the order's own conditional update already chose the one decider). */
export async function recordApprovalDecision(
  db: Kysely<Database>,
  orderId: number,
  decision: { decision: OrderApprovalDecision; decidedBy: number; decidedAt: number; reason: string },
): Promise<boolean> {
  const result = await db.updateTable('orderApprovals').set(decision).where('orderId', '=', orderId).where('decision', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
