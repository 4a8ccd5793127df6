import type { Kysely } from 'kysely';
import type { AdminWarehouse } from '../../../contract/warehouse.ts';
import type { Database } from '../../db/database.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';
import { listWarehousesForStaff, saveWarehouseFacts, type WarehouseFactsInput } from '../warehouse/warehouse-staff.service.ts';

/** 站点设置 › 发货仓库: what the site says of each warehouse, through the warehouse feature's staff service. */
export const listAdminWarehouses = (db: Kysely<Database>): Promise<AdminWarehouse[]> => listWarehousesForStaff(db);

/** Saved at once (no draft: a cut-off is a promise checkout keeps), with its audit entry in the same transaction. */
export function saveAdminWarehouse(db: Kysely<Database>, actor: StaffActor, input: WarehouseFactsInput, now = Date.now()): Promise<AdminWarehouse> {
  return saveWarehouseFacts(
    db,
    input,
    async (trx, { before, after }) => {
      await recordStaffChange(trx, { ...actor, action: 'update', subject: 'Content', subjectId: `warehouse:${input.code}`, before, after, at: now });
    },
    now,
  );
}
