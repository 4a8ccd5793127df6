import {
  adminProductExportPath,
  adminProductNewPath,
  adminProductPath,
  adminProductsPath,
  lifecycleLabels,
  productLifecycles,
  type AdminProductRow,
  type AdminProductsPageData,
} from '../../../contract/console/products.ts';
import { adminProductsCalls } from '../../../contract/console/products-calls.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import { warehouseStockText } from '../../../contract/warehouse.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { productBulkActions } from '../../features/catalog-desk/product-bulk-actions.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import { presentFilters } from '../../features/staff/data-grid/grid-query-state.ts';
import type { GridColumn, GridFilter, GridFilterValues } from '../../features/staff/data-grid/grid-types.ts';
import type { PageProps } from '../../pages/page-props.ts';

const columns: readonly GridColumn<AdminProductRow>[] = [
  { id: 'id', header: '商品编号', cell: (row) => row.id },
  { id: 'code', header: '型号', isSortable: true, isAlwaysShown: true, cell: (row) => <a href={adminProductPath(row.id)}>{row.code}</a> },
  { id: 'brand', header: '品牌', cell: (row) => row.brandName },
  { id: 'category', header: '分类', cell: (row) => row.categoryName },
  { id: 'package', header: '封装', cell: (row) => row.package },
  { id: 'lifecycle', header: '生命周期', cell: (row) => lifecycleLabels[row.lifecycle] },
  { id: 'stock', header: '库存', isSortable: true, cell: (row) => row.stock },
  {
    id: 'warehouses',
    header: '分仓库存',
    cell: (row) => (row.warehouses.length === 0 ? '—' : warehouseStockText(row.warehouses)),
  },
  { id: 'packSize', header: '包装数量', isHiddenAtFirst: true, cell: (row) => row.packSize },
  { id: 'price', header: '首阶单价', isSortable: true, cell: (row) => (row.firstTierPriceE4 === null ? '—' : formatUnitPriceE4(row.firstTierPriceE4)) },
  { id: 'zones', header: '专区', cell: (row) => [row.isSpecialOffer ? '特价' : '', row.isIcZone ? 'IC' : ''].filter(Boolean).join(' / ') || '—' },
  { id: 'updatedAt', header: '更新时间', isSortable: true, cell: (row) => row.updatedAtStr },
  { id: 'actions', header: '操作', isAlwaysShown: true, cell: (row) => <a href={adminProductPath(row.id)}>编辑</a> },
];

const yesNo = [
  { value: 'yes', label: '是' },
  { value: 'no', label: '否' },
];

function filtersOf(data: AdminProductsPageData): GridFilter[] {
  return [
    { kind: 'text', name: 'code', label: '型号（前缀）', maxLength: 64 },
    { kind: 'select', name: 'brandId', label: '品牌', options: data.brands.map((brand) => ({ value: String(brand.id), label: brand.name })) },
    {
      kind: 'select',
      name: 'categoryId',
      label: '分类',
      options: data.categories.map((category) => ({ value: String(category.id), label: `${category.parentName} / ${category.name}` })),
    },
    { kind: 'select', name: 'lifecycle', label: '生命周期', options: productLifecycles.map((value) => ({ value, label: lifecycleLabels[value] })) },
    { kind: 'select', name: 'hasStock', label: '有库存', options: yesNo },
    { kind: 'select', name: 'isSpecialOffer', label: '特价专区', options: yesNo },
    { kind: 'select', name: 'isIcZone', label: 'IC专区', options: yesNo },
  ];
}

/** The controls hold strings; the call takes the brand and category as ids. */
function toQuery(values: GridFilterValues): Record<string, unknown> {
  const present: Record<string, unknown> = presentFilters(values);
  for (const name of ['brandId', 'categoryId']) if (typeof present[name] === 'string') present[name] = Number(present[name]);
  return present;
}

/** /admin/products: 商品管理 — the catalogue as a grid, filtered, sorted and paged on the server. */
export function AdminProductsPage({ data }: PageProps<AdminProductsPageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={adminProductsPath}>
      <section className="admin-card">
        <h1>商品管理</h1>
        <DataGrid
          label="商品列表"
          call={adminProductsCalls.list}
          initial={data.result}
          columns={columns}
          filters={filtersOf(data)}
          toQuery={toQuery}
          rowKey={(row) => row.id}
          initialSort={{ column: 'updatedAt', direction: 'desc' }}
          bulkActions={productBulkActions}
          exportPath={adminProductExportPath}
          exportPermission={{ action: 'export', subject: 'Product' }}
          storageKey="admin.products.columns"
          toolbar={
            <StaffCan action="create" subject="Product">
              <a className="admin-button" href={adminProductNewPath}>
                新建商品
              </a>
            </StaffCan>
          }
        />
      </section>
    </AdminLayout>
  );
}
