import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';

/** Stock per warehouse (深圳仓, 江苏仓 …): products.stock is always the sum of a part's warehouse figures. */

export interface WarehouseStock {
  warehouseId: number;
  code: string;
  /** 深圳仓, 江苏仓 */
  name: string;
  quantity: number;
  /** Beijing time "HH:MM": paid before it, an in-stock order leaves this warehouse the same day. */
  cutoffTime: string;
}

/** "深圳仓 1,200 · 江苏仓 300": every active warehouse in its order, zeros included. */
export function warehouseStockText(warehouses: readonly WarehouseStock[]): string {
  return warehouses.map((warehouse) => `${warehouse.name} ${warehouse.quantity.toLocaleString('en-US')}`).join(' · ');
}

/** A warehouse as the site states it (help pages, /contact, product pages, checkout): the warehouses table, edited in the console. */
export interface WarehouseFact {
  code: string;
  name: string;
  /** 深圳, 苏州 */
  city: string;
  address: string;
  cutoffTime: string;
  /** Buyers may collect 上门自提 orders here. */
  isPickup: boolean;
}

/** The cut-off a new warehouse starts with: 16:00, so the 2-hour dispatch promise ends by 18:00, when the service hours end. */
export const defaultCutoffTime = '16:00';

/** 00:00 … 23:59. */
export const cutoffTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "深圳仓：周一至周六 16:00 前付款，2 小时内发出" — what a part's page says of a warehouse holding it. */
export function dispatchNoteOf(warehouse: Pick<WarehouseFact, 'name' | 'cutoffTime'>): string {
  return `${warehouse.name}：周一至周六 ${warehouse.cutoffTime} 前付款，2 小时内发出`;
}

/** The warehouses holding some of these units, each once, in the order given. */
export function warehousesHoldingStock(stock: readonly WarehouseStock[]): WarehouseStock[] {
  return stock.filter((warehouse) => warehouse.quantity > 0);
}

/** A warehouse an order's in-stock units leave from, with its cut-off (checkout shows them). */
export type DispatchWarehouse = Pick<WarehouseStock, 'code' | 'name' | 'cutoffTime'>;

/** The warehouses holding any of several parts' units, each once, in the warehouses' order. */
export function dispatchWarehousesOf(stockOfParts: Iterable<readonly WarehouseStock[]>): DispatchWarehouse[] {
  const byCode = new Map<string, { warehouse: DispatchWarehouse; order: number }>();
  for (const stock of stockOfParts) {
    stock.forEach((warehouse, order) => {
      if (warehouse.quantity > 0 && !byCode.has(warehouse.code))
        byCode.set(warehouse.code, { warehouse: { code: warehouse.code, name: warehouse.name, cutoffTime: warehouse.cutoffTime }, order });
    });
  }
  return [...byCode.values()].sort((a, b) => a.order - b.order).map((entry) => entry.warehouse);
}

/** A warehouse as the console edits what the site says of it (站点设置 › 发货仓库). */
export interface AdminWarehouse extends WarehouseFact {
  isActive: boolean;
  /** The edit names it: a save over a value changed since is refused. */
  updatedAt: number;
}

export const warehouseLimits = { cityMax: 20, addressMax: 120 } as const;

export const warehouseErrors = defineErrors('warehouse', {
  notFound: { code: ResultCode.notFound, msg: '该仓库不存在' },
  staleEdit: { code: ResultCode.conflict, msg: '仓库信息已被他人修改，请刷新后再试' },
});
