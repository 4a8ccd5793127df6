import {
  adminProductsPath,
  type AdminProduct,
  lifecycleLabels,
  productLifecycles,
  type AdminProductEditPageData,
  type ProductLifecycle,
} from '../../../contract/console/products.ts';
import { productDetailPath } from '../../../contract/catalog.ts';
import { ParamFields } from '../../features/catalog-desk/param-fields.tsx';
import { ProductImageField } from '../../features/catalog-desk/product-image-field.tsx';
import { PurchasingFields } from '../../features/catalog-desk/purchasing-fields.tsx';
import { StockForm, WarehouseFigures } from '../../features/catalog-desk/stock-form.tsx';
import { TierEditor } from '../../features/catalog-desk/tier-editor.tsx';
import { useProductForm, type FormNotice } from '../../features/catalog-desk/use-product-form.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { useStaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

type ProductForm = ReturnType<typeof useProductForm>;
type TextName = 'code' | 'description' | 'package' | 'datasheetUrl' | 'label' | 'packSize';

function TextField({
  form,
  name,
  label,
  maxLength,
  isWide = false,
  isReadOnly,
}: {
  form: ProductForm;
  name: TextName;
  label: string;
  maxLength: number;
  isWide?: boolean;
  isReadOnly: boolean;
}) {
  return (
    <label className={isWide ? 'catalog-desk__field catalog-desk__field--wide' : 'catalog-desk__field'}>
      <span>{label}</span>
      <input
        name={name}
        value={form.draft[name]}
        maxLength={maxLength}
        disabled={isReadOnly}
        onChange={(event) => form.change({ [name]: event.target.value })}
      />
    </label>
  );
}

function CheckField({
  name,
  label,
  checked,
  isReadOnly,
  onValue,
}: {
  name?: string;
  label: string;
  checked: boolean;
  isReadOnly: boolean;
  onValue: (checked: boolean) => void;
}) {
  return (
    <label className="catalog-desk__check">
      <input type="checkbox" name={name} checked={checked} disabled={isReadOnly} onChange={(event) => onValue(event.target.checked)} />
      {label}
    </label>
  );
}

/** 品牌, 分类 and 生命周期: chosen from the desk's lists. */
function choiceFieldsOf({ form, options, isReadOnly }: { form: ProductForm; options: AdminProductEditPageData['options']; isReadOnly: boolean }) {
  const { draft, change } = form;
  return {
    brand: (
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
    ),
    category: (
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
    ),
    lifecycle: (
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
    ),
  };
}

/** 基本信息: the part's code, brand, category, package, lifecycle, pack, label, flags, description and datasheet. */
function BasicFields({ form, options, isReadOnly }: { form: ProductForm; options: AdminProductEditPageData['options']; isReadOnly: boolean }) {
  const { draft, change } = form;
  const choices = choiceFieldsOf({ form, options, isReadOnly });
  const field = (name: TextName, label: string, maxLength: number, isWide = false) => (
    <TextField form={form} name={name} label={label} maxLength={maxLength} isWide={isWide} isReadOnly={isReadOnly} />
  );
  return (
    <fieldset className="catalog-desk__fieldset">
      <legend>基本信息</legend>
      <div className="catalog-desk__grid">
        {field('code', '型号', 64)}
        {choices.brand}
        {choices.category}
        {field('package', '封装', 32)}
        {choices.lifecycle}
        {field('packSize', '包装数量（整包倍数）', 9)}
        {field('label', '标签（如 热卖）', 8)}
        <CheckField label="符合 RoHS" checked={draft.isRohs} isReadOnly={isReadOnly} onValue={(isRohs) => change({ isRohs })} />
        <CheckField
          name="isSpecialOffer"
          label="特价专区（A01）"
          checked={draft.isSpecialOffer}
          isReadOnly={isReadOnly}
          onValue={(isSpecialOffer) => change({ isSpecialOffer })}
        />
        <CheckField name="isIcZone" label="IC专区（A03）" checked={draft.isIcZone} isReadOnly={isReadOnly} onValue={(isIcZone) => change({ isIcZone })} />
        {field('description', '描述', 500, true)}
        {field('datasheetUrl', '数据手册链接', 500, true)}
      </div>
    </fieldset>
  );
}

function ProductNotice({ notice }: { notice: FormNotice }) {
  return (
    <p className={notice.isError ? 'admin-notice admin-notice--error' : 'admin-notice'} role="alert">
      {notice.text}
      {notice.isStale && (
        <>
          {' '}
          <a href={window.location.pathname}>刷新</a>
        </>
      )}
    </p>
  );
}

/** Beside the form: the stock form for a role that may change stock, else the figures. */
function StockSide({ product, canUpdateStock, onSaved }: { product: AdminProduct; canUpdateStock: boolean; onSaved: ProductForm['stockSaved'] }) {
  return (
    <aside className="admin-card catalog-desk__side">
      {canUpdateStock ? (
        <StockForm productId={product.id} stock={product.stock} warehouses={product.warehouses} onSaved={onSaved} />
      ) : (
        <>
          <p>
            当前库存：<strong>{product.stock}</strong>
          </p>
          <WarehouseFigures warehouses={product.warehouses} />
        </>
      )}
    </aside>
  );
}

/** /admin/products/new and /admin/products/{id}: the product form, and the stock form beside it. */
export function AdminProductEditPage({ data }: PageProps<AdminProductEditPageData>) {
  const { options } = data;
  const form = useProductForm(data.product, options);
  const { product, draft, change, notice } = form;
  const can = useStaffCan(data.staff);
  const isReadOnly = !can({ action: product ? 'update' : 'create', subject: 'Product' });
  const attributes = options.categories.find((category) => String(category.id) === draft.categorySecondId)?.attributes ?? [];
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={adminProductsPath}>
      <div className="catalog-desk">
        <form
          className="admin-card catalog-desk__form"
          onSubmit={(event) => {
            event.preventDefault();
            void form.save();
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
          <BasicFields form={form} options={options} isReadOnly={isReadOnly} />
          <ProductImageField imagePath={draft.imagePath} imageBase={data.imageBase} isReadOnly={isReadOnly} onChange={(imagePath) => change({ imagePath })} />
          <ParamFields
            attributes={attributes}
            values={draft.params}
            isReadOnly={isReadOnly}
            onChange={(attributeId, value) => change({ params: { ...draft.params, [String(attributeId)]: value } })}
          />
          <PurchasingFields draft={draft.purchasing} isReadOnly={isReadOnly} onChange={(patch) => change({ purchasing: { ...draft.purchasing, ...patch } })} />
          <TierEditor tiers={draft.tiers} isSpecialOffer={draft.isSpecialOffer} isReadOnly={isReadOnly} onChange={(tiers) => change({ tiers })} />
          {notice && <ProductNotice notice={notice} />}
          {!isReadOnly && (
            <button type="submit" className="admin-button" disabled={form.isSaving}>
              {product ? '保存' : '创建商品'}
            </button>
          )}
        </form>
        {product && <StockSide product={product} canUpdateStock={can({ action: 'update', subject: 'Stock' })} onSaved={form.stockSaved} />}
      </div>
    </AdminLayout>
  );
}
