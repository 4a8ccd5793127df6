import { useState, type SubmitEvent } from 'react';
import { adminProductsCalls } from '../../../contract/admin-products-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/**
 * The stock figure, set apart from the product form: the warehouse's form. The figure shown is sent
 * back, so a change by an order or a colleague since then is refused instead of overwritten.
 */
export function StockForm({ productId, stock, onSaved }: { productId: number; stock: number; onSaved: (stock: number, updatedAt: number) => void }) {
  const [value, setValue] = useState(String(stock));
  const [notice, setNotice] = useState('');
  const [isSaving, setSaving] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : -1;
    if (next < 0) {
      setNotice('库存须为非负整数');
      return;
    }
    setSaving(true);
    setNotice('');
    try {
      const saved = await callStaffApi(adminProductsCalls.setStock, { productId, expectedStock: stock, stock: next });
      onSaved(saved.stock, saved.updatedAt);
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
      <label className="catalog-desk__field">
        <span>新库存</span>
        <input name="stock" inputMode="numeric" value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="submit" className="admin-button" disabled={isSaving}>
        保存库存
      </button>
      <p className="admin-notice" role="status">
        {notice}
      </p>
    </form>
  );
}
