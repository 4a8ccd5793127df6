/** Stock per warehouse (深圳仓, 江苏仓 …): products.stock is always the sum of a part's warehouse figures. */

export interface WarehouseStock {
  warehouseId: number;
  code: string;
  /** 深圳仓, 江苏仓 */
  name: string;
  quantity: number;
}

/** "深圳仓 1,200 · 江苏仓 300": every active warehouse in its order, zeros included. */
export function warehouseStockText(warehouses: readonly WarehouseStock[]): string {
  return warehouses.map((warehouse) => `${warehouse.name} ${warehouse.quantity.toLocaleString('en-US')}`).join(' · ');
}
