import type { Generated } from 'kysely';

/** A warehouse parts ship from (migration 0044): 深圳仓 (SZ) first, 江苏仓 (JS). */
export interface WarehousesTable {
  id: Generated<number>;
  code: string;
  name: string;
  sort: number;
  /** 0: left out of the shop, the forms and new allocations. */
  isActive: Generated<number>;
}

/** A part's units in one warehouse; products.stock is the sum of its rows (a missing row is 0). */
export interface ProductWarehouseStockTable {
  productId: number;
  warehouseId: number;
  quantity: number;
}

/** Where an order line's reserved units were taken from: a cancel gives them back there. */
export interface OrderLineAllocationsTable {
  orderLineId: number;
  warehouseId: number;
  quantity: number;
}

export interface WarehouseTables {
  warehouses: WarehousesTable;
  productWarehouseStock: ProductWarehouseStockTable;
  orderLineAllocations: OrderLineAllocationsTable;
}
