import {
  adminProductsPath,
  lifecycleLabels,
  productLifecycles,
  type AdminProductEditPageData,
  type ProductLifecycle,
} from '../../../contract/console/products.ts';
import { productDetailPath } from '../../../contract/catalog.ts';
import { ParamFields } from '../../features/catalog-desk/param-fields.tsx';
import { ProductImageField } from '../../features/catalog-desk/product-image-field.tsx';
import { StockForm, WarehouseFigures } from '../../features/catalog-desk/stock-form.tsx';
import { TierEditor } from '../../features/catalog-desk/tier-editor.tsx';
import { useProductForm } from '../../features/catalog-desk/use-product-form.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { useStaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

/** /admin/products/new and /admin/products/{id}: the product form, and the stock form beside it. */
export function AdminProductEditPage({ data }: PageProps<AdminProductEditPageData>) {
  const { options } = data;
  const { product, draft, change, save, notice, isSaving, stockSaved } = useProductForm(data.product, options);
  const can = useStaffCan(data.staff);
  const isReadOnly = !can({ action: product ? 'update' : 'create', subject: 'Product' });
  const attributes = options.categories.find((category) => String(category.id) === draft.categorySecondId)?.attributes ?? [];
  const text = (name: 'code' | 'description' | 'package' | 'datasheetUrl' | 'label' | 'packSize', label: string, maxLength: number, wide = false) => (
    <label className={wide ? 'catalog-desk__field catalog-desk__field--wide' : 'catalog-desk__field'}>
      <span>{label}</span>
      <input name={name} value={draft[name]} maxLength={maxLength} disabled={isReadOnly} onChange={(event) => change({ [name]: event.target.value })} />
    </label>
  );

  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={adminProductsPath}>
      <div className="catalog-desk">
        <form
          className="admin-card catalog-desk__form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <p>
            <a href={adminProductsPath}>← 返回商品列表</a>
          </p>
          <h1>{product ? `编辑商品 ${product.code}` : '新建商品'}</h1>
          {product && (
            <p className="catalog-desk__hint">
              商品编号 {product.id} · 最后更新 {product.updatedAtStr} ·{' '}
              <a href={productDetailPath(product.id)} target="_blank" rel="noreferrer">
                查看商城页面
              </a>
            </p>
          )}
          <fieldset className="catalog-desk__fieldset">
            <legend>基本信息</legend>
            <div className="catalog-desk__grid">
              {text('code', '型号', 64)}
              <label className="catalog-desk__field">
                <span>品牌</span>
                <select name="brandId" value={draft.brandId} disabled={isReadOnly} onChange={(event) => change({ brandId: event.target.value })}>
                  <option value="">请选择</option>
                  {options.brands.map((brand) => (
                    <option key={brand.id} value={brand.id}>
                      {brand.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="catalog-desk__field">
                <span>分类</span>
                <select
                  name="categorySecondId"
                  value={draft.categorySecondId}
                  disabled={isReadOnly}
                  onChange={(event) => change({ categorySecondId: event.target.value })}
                >
                  <option value="">请选择二级分类</option>
                  {options.categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.parentName} / {category.name}
                    </option>
                  ))}
                </select>
              </label>
              {text('package', '封装', 32)}
              <label className="catalog-desk__field">
                <span>生命周期</span>
                <select
                  name="lifecycle"
                  value={draft.lifecycle}
                  disabled={isReadOnly}
                  onChange={(event) => change({ lifecycle: event.target.value as ProductLifecycle })}
                >
                  {productLifecycles.map((value) => (
                    <option key={value} value={value}>
                      {lifecycleLabels[value]}
                    </option>
                  ))}
                </select>
              </label>
              {text('packSize', '包装数量（整包倍数）', 9)}
              {text('label', '标签（如 热卖）', 8)}
              <label className="catalog-desk__check">
                <input type="checkbox" checked={draft.isRohs} disabled={isReadOnly} onChange={(event) => change({ isRohs: event.target.checked })} />
                符合 RoHS
              </label>
              <label className="catalog-desk__check">
                <input
                  type="checkbox"
                  name="isSpecialOffer"
                  checked={draft.isSpecialOffer}
                  disabled={isReadOnly}
                  onChange={(event) => change({ isSpecialOffer: event.target.checked })}
                />
                特价专区（A01）
              </label>
              <label className="catalog-desk__check">
                <input
                  type="checkbox"
                  name="isIcZone"
                  checked={draft.isIcZone}
                  disabled={isReadOnly}
                  onChange={(event) => change({ isIcZone: event.target.checked })}
                />
                IC专区（A03）
              </label>
              {text('description', '描述', 500, true)}
              {text('datasheetUrl', '数据手册链接', 500, true)}
            </div>
          </fieldset>
          <ProductImageField imagePath={draft.imagePath} imageBase={data.imageBase} isReadOnly={isReadOnly} onChange={(imagePath) => change({ imagePath })} />
          <ParamFields
            attributes={attributes}
            values={draft.params}
            isReadOnly={isReadOnly}
            onChange={(attributeId, value) => change({ params: { ...draft.params, [String(attributeId)]: value } })}
          />
          <TierEditor tiers={draft.tiers} isSpecialOffer={draft.isSpecialOffer} isReadOnly={isReadOnly} onChange={(tiers) => change({ tiers })} />
          {notice && (
            <p className={notice.isError ? 'admin-notice admin-notice--error' : 'admin-notice'} role="alert">
              {notice.text}
              {notice.isStale && (
                <>
                  {' '}
                  <a href={window.location.pathname}>刷新</a>
                </>
              )}
            </p>
          )}
          {!isReadOnly && (
            <button type="submit" className="admin-button" disabled={isSaving}>
              {product ? '保存' : '创建商品'}
            </button>
          )}
        </form>
        {product && (
          <aside className="admin-card catalog-desk__side">
            {can({ action: 'update', subject: 'Stock' }) ? (
              <StockForm productId={product.id} stock={product.stock} warehouses={product.warehouses} onSaved={stockSaved} />
            ) : (
              <>
                <p>
                  当前库存：<strong>{product.stock}</strong>
                </p>
                <WarehouseFigures warehouses={product.warehouses} />
              </>
            )}
          </aside>
        )}
      </div>
    </AdminLayout>
  );
}
