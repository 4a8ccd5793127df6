import { useState, type SubmitEvent } from 'react';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import type { WarehouseStock } from '../../../contract/warehouse.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/**
 * The stock figures, one per warehouse, set apart from the product form: the warehouse's form. The
 * figures shown are sent back, so a change by an order or a colleague since then is refused instead
 * of overwritten. The total (what the shop sells) is their sum.
 */
export function StockForm({
  productId,
  stock,
  warehouses,
  onSaved,
}: {
  productId: number;
  stock: number;
  warehouses: readonly WarehouseStock[];
  onSaved: (stock: number, warehouses: WarehouseStock[], updatedAt: number) => void;
}) {
  const [values, setValues] = useState(() => warehouses.map((warehouse) => String(warehouse.quantity)));
  const [notice, setNotice] = useState('');
  const [isSaving, setSaving] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = values.map((value) => (/^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : -1));
    if (next.some((quantity) => quantity < 0)) {
      setNotice('库存须为非负整数');
      return;
    }
    setSaving(true);
    setNotice('');
    try {
      const saved = await callStaffApi(adminProductsCalls.setStock, {
        productId,
        warehouses: warehouses.map((warehouse, index) => ({
          warehouseId: warehouse.warehouseId,
          expectedQuantity: warehouse.quantity,
          quantity: next[index] ?? warehouse.quantity,
        })),
      });
      onSaved(saved.stock, saved.warehouses, saved.updatedAt);
      setValues(saved.warehouses.map((warehouse) => String(warehouse.quantity)));
      setNotice('库存已保存');
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="catalog-desk__stock" onSubmit={(event) => void submit(event)}>
      <h2>库存</h2>
      <p>
        当前库存：<strong data-testid="product-stock">{stock}</strong>
      </p>
      <WarehouseFigures warehouses={warehouses} />
      {warehouses.map((warehouse, index) => (
        <label key={warehouse.warehouseId} className="catalog-desk__field">
          <span>{warehouse.name}新库存</span>
          <input
            name={`stock-${warehouse.code}`}
            inputMode="numeric"
            value={values[index] ?? ''}
            onChange={(event) => setValues((current) => current.map((value, at) => (at === index ? event.target.value : value)))}
          />
        </label>
      ))}
      <button type="submit" className="admin-button" disabled={isSaving}>
        保存库存
      </button>
      <p className="admin-notice" role="status">
        {notice}
      </p>
    </form>
  );
}

/** Each warehouse's figure, as the product form and the grid show it. */
export function WarehouseFigures({ warehouses }: { warehouses: readonly WarehouseStock[] }) {
  return (
    <ul className="catalog-desk__warehouses" data-testid="product-warehouse-stock">
      {warehouses.map((warehouse) => (
        <li key={warehouse.warehouseId}>
          {warehouse.name}：<strong>{warehouse.quantity}</strong>
        </li>
      ))}
    </ul>
  );
}
