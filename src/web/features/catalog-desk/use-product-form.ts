import { useState } from 'react';
import { adminProductErrors, adminProductPath, type AdminProduct, type ProductFormOptions } from '../../../contract/console/products.ts';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import type { WarehouseStock } from '../../../contract/warehouse.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { draftOf, valuesOf, type ProductDraft } from './product-draft.ts';

export interface FormNotice {
  text: string;
  isError: boolean;
  /** The product changed under the form: offer a reload. */
  isStale: boolean;
}

/** The product form's state and its save: a new product goes to its own page once created; a save keeps the answer's updatedAt. */
export function useProductForm(initial: AdminProduct | null, options: ProductFormOptions) {
  const [product, setProduct] = useState(initial);
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(initial));
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const [isSaving, setSaving] = useState(false);

  function change(patch: Partial<ProductDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
  }

  async function save() {
    const checked = valuesOf(draft, options);
    if ('problem' in checked) {
      setNotice({ text: checked.problem, isError: true, isStale: false });
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      if (!product) {
        const created = await callStaffApi(adminProductsCalls.create, checked.values);
        window.location.href = adminProductPath(created.id);
        return;
      }
      const saved = await callStaffApi(adminProductsCalls.save, { ...checked.values, productId: product.id, expectedUpdatedAt: product.updatedAt });
      setProduct(saved);
      setDraft(draftOf(saved));
      setNotice({ text: '商品已保存', isError: false, isStale: false });
    } catch (failure) {
      const isStale = failure instanceof ApiError && failure.errorCode === adminProductErrors.stale.errorCode;
      setNotice({ text: failure instanceof ApiError && failure.msg ? failure.msg : '保存失败，请稍后重试', isError: true, isStale });
    } finally {
      setSaving(false);
    }
  }

  /** The stock form moved the product's updatedAt: the product form stays current with it. */
  function stockSaved(stock: number, warehouses: WarehouseStock[], updatedAt: number) {
    setProduct((current) => (current ? { ...current, stock, warehouses, updatedAt } : current));
  }

  return { product, draft, change, save, notice, isSaving, stockSaved };
}
