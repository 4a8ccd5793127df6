import { priceImportRollbackReasons as reasons } from '../../../contract/price-import.ts';
import { purchasingFieldLabels, type PurchasingData } from '../../../contract/purchasing.ts';

/**
 * A part's state as price_import_undo keeps it: before the job (before_json) and as the job left it (after_json).
 * The purchasing fields (migration 0058) are absent in snapshots written before them.
 */
export interface PartBefore extends Partial<PurchasingData> {
  package: string;
  description: string;
  stock: number;
  packSize: number;
  updatedAt: number;
  prices: { qtyStart: number; qtyEnd: number | null; priceE4: number; originalPriceE4: number | null }[];
  /** Units per warehouse id (migration 0044); absent in snapshots written before it. */
  warehouses?: Record<string, number>;
}

/**
 * What a rollback does to one part the job touched, from the part as the job left it (`after`, null on undo rows
 * written before migration 0047) and the part now (undefined: deleted since):
 * - an updated part whose prices, tiers, description, package or pack size changed since the job is left alone and
 *   reported (staff, another import or the product desk wrote it after us);
 * - its stock alone changed since (orders took stock, the warehouse counted): every other field is restored and the
 *   current stock kept, never "giving back" units sold since; reported as such;
 * - a created part is deleted unless it changed since or something references it (see the repository), else reported.
 * Any snapshot field other than these is compared too (a conflict when changed), so a wider snapshot stays safe.
 */
export type RestoreDecision =
  | { kind: 'restore'; isStockKept: false }
  | { kind: 'restore'; isStockKept: true; note: string }
  | { kind: 'delete' }
  | { kind: 'skip' }
  | { kind: 'conflict'; reason: string };

/** Snapshot keys that hold stock: kept at its current figure when changed since the job. */
export const stockKeys: readonly string[] = ['stock', 'warehouses'];
const ignoredKeys = new Set(['updatedAt']);
const fieldLabels: Record<string, string> = {
  prices: '价格',
  package: '封装',
  description: '描述',
  packSize: '包装数量',
  stock: '库存',
  ...purchasingFieldLabels,
};

/** The snapshot fields whose value differs, stock apart. */
function changedFields(after: PartBefore, now: PartBefore): { fields: string[]; isStockChanged: boolean } {
  const keys = new Set([...Object.keys(after), ...Object.keys(now)]);
  const fields: string[] = [];
  let isStockChanged = false;
  for (const key of keys) {
    if (ignoredKeys.has(key)) continue;
    // A field the job's snapshot did not know (written before migration 0058) was not the job's to write, nor is it to restore.
    if (!stockKeys.includes(key) && !(key in after)) continue;
    const isSame = JSON.stringify((after as unknown as Record<string, unknown>)[key]) === JSON.stringify((now as unknown as Record<string, unknown>)[key]);
    if (isSame) continue;
    if (stockKeys.includes(key)) isStockChanged = true;
    else fields.push(fieldLabels[key] ?? key);
  }
  return { fields, isStockChanged };
}

export function decideRestore(before: PartBefore | null, after: PartBefore | null, now: PartBefore | undefined): RestoreDecision {
  if (now === undefined) return before === null ? { kind: 'skip' } : { kind: 'conflict', reason: reasons.deletedSince };
  if (after === null) return before === null ? { kind: 'delete' } : { kind: 'restore', isStockKept: false };
  const { fields, isStockChanged } = changedFields(after, now);
  if (before === null) return fields.length > 0 ? { kind: 'conflict', reason: reasons.createdChanged(fields) } : { kind: 'delete' };
  if (fields.length > 0) return { kind: 'conflict', reason: reasons.changedSince(fields) };
  return isStockChanged ? { kind: 'restore', isStockKept: true, note: reasons.stockKept } : { kind: 'restore', isStockKept: false };
}
