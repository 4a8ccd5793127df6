import { adminProductNewPath, adminProductsPath, type AdminProductEditPageData, type AdminProductsPageData } from '../../../contract/console/products.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { AdminProductEditPage } from '../../../web/console/pages/product-edit-page.tsx';
import { AdminProductsPage } from '../../../web/console/pages/products-page.tsx';
import { parsePathId } from '../../http/path-params.ts';
import type { Page } from '../../ssr/page-registry.ts';
import { defineStaffPage } from '../staff/staff-page.ts';
import type { CatalogDeskDeps } from './catalog-desk.routes.ts';
import { listProducts, loadAdminProduct, loadProductFormOptions } from './product-desk.service.ts';
import { gridPageOfUrl } from '../staff/grid-url-query.ts';
import { productListQuery } from '../../../contract/console/products-requests.ts';

/** 商品管理: the grid, the new product's form (for a role that may also create) and a product's form, for roles that may read products. */
export function catalogDeskPages(deps: CatalogDeskDeps): Page[] {
  return [
    defineStaffPage<AdminProductsPageData>({
      path: adminProductsPath,
      entry: 'console/products',
      component: AdminProductsPage,
      access: { action: 'read', subject: 'Product' },
      async load({ query, access }) {
        const [result, options] = await Promise.all([
          gridPageOfUrl(productListQuery, query, (request) => listProducts(deps, request)),
          loadProductFormOptions(deps.db),
        ]);
        return {
          title: '商品管理 - 芯品商城管理后台',
          isNoIndex: true,
          data: { ...access, result, brands: options.brands, categories: options.categories.map(({ id, name, parentName }) => ({ id, name, parentName })) },
        };
      },
    }),
    defineStaffPage<AdminProductEditPageData>({
      path: adminProductNewPath,
      entry: 'console/product-edit',
      component: AdminProductEditPage,
      access: { action: 'read', subject: 'Product' },
      async load({ access }) {
        if (!abilityFor(access.staff.role).can('create', 'Product')) return { redirectTo: adminProductsPath };
        return {
          title: '新建商品 - 芯品商城管理后台',
          isNoIndex: true,
          data: { ...access, product: null, options: await loadProductFormOptions(deps.db), imageBase: deps.config.imageBaseUrl },
        };
      },
    }),
    defineStaffPage<AdminProductEditPageData>({
      path: `${adminProductsPath}/:productId`,
      entry: 'console/product-edit',
      component: AdminProductEditPage,
      access: { action: 'read', subject: 'Product' },
      async load({ params, access }) {
        const productId = parsePathId(params.productId);
        const [product, options] = await Promise.all([loadAdminProduct(deps, productId), loadProductFormOptions(deps.db)]);
        return {
          title: `${product.code} - 商品管理 - 芯品商城管理后台`,
          isNoIndex: true,
          data: { ...access, product, options, imageBase: deps.config.imageBaseUrl },
        };
      },
    }),
  ];
}
