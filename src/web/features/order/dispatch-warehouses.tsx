import { dispatchNoteOf, type DispatchWarehouse } from '../../../contract/warehouse.ts';

/** Where the order's in-stock units leave from, and by when to pay for same-day dispatch (the warehouses' site facts). */
export function DispatchWarehouses({ warehouses }: { warehouses: readonly DispatchWarehouse[] }) {
  if (warehouses.length === 0) return null;
  return (
    <p className="checkout-freight checkout-dispatch" data-testid="dispatch-warehouses">
      发货仓库：{warehouses.map((warehouse) => dispatchNoteOf(warehouse)).join('；')}
    </p>
  );
}
