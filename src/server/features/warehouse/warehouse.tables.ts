import type { Generated } from 'kysely';

/**
 * A warehouse parts ship from (migration 0044): 深圳仓 (SZ) first, 江苏仓 (JS). What the site says of it
 * (migration 0056: city, address, cut-off, pickup) is read from here by every page (site facts).
 */
export interface WarehousesTable {
  id: Generated<number>;
  code: string;
  name: string;
  sort: number;
  /** 0: left out of the shop, the forms and new allocations. */
  isActive: Generated<number>;
  city: Generated<string>;
  address: Generated<string>;
  /** Beijing "HH:MM": paid before it, an in-stock order leaves the same day. */
  cutoffTime: Generated<string>;
  /** 1: 上门自提 orders are collected here. */
  isPickup: Generated<number>;
  /** The map /contact draws: degrees × 1e6. */
  lngE6: Generated<number>;
  latE6: Generated<number>;
  /** The console's edit names the value it was loaded with. */
  updatedAt: Generated<number>;
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
