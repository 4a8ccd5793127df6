import { discountSubjects, isDiscountSubject, serializeChooseFilter } from '../../../contract/catalog.ts';
import { queryReader, readColumnListState, readListState } from '../../../contract/list-state.ts';
import { notFound } from '../../http/app-error.ts';
import { parsePathId } from '../../http/path-params.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { CataloguePage } from '../../../web/pages/catalogue-page.tsx';
import { ChoosePage } from '../../../web/pages/choose-page.tsx';
import { DiscountPage } from '../../../web/pages/discount-page.tsx';
import { ProductDetailPage } from '../../../web/pages/product-detail-page.tsx';
import type { CatalogContext } from './catalog-context.ts';
import { loadSubcategories, queryAttributeExcludeList, queryAttributeProductList, resolveChooseScope } from './choose/choose.service.ts';
import { loadZoneProducts } from './discount.service.ts';
import { loadProductDetail } from './product-detail.service.ts';

const chooseIdsPattern = /^(\d{1,9})(?:-(\d{1,9}))?$/;

/** /catalogue: every group, first and second level with its part count. */
function cataloguePage(context: CatalogContext, siteName: string): Page {
  return definePage({
    path: '/catalogue',
    entry: 'catalogue',
    component: CataloguePage,
    async load() {
      const groups = await context.categoryTree.load();
      return {
        title: `元器件分类目录 - ${siteName}`,
        description: `${siteName}电子元器件分类目录：${groups.map((group) => group.categoryGroupName).join('、')}等品类，按参数快速选型，现货2小时发货。`,
        data: { groups },
      };
    },
  });
}

/** /choose/{first} or /choose/{first}-{second}: parametric selection, its state in the URL. */
function choosePage(context: CatalogContext, siteName: string): Page {
  return definePage({
    path: '/choose/:categoryIds',
    entry: 'choose',
    component: ChoosePage,
    async load({ params, query }) {
      const match = chooseIdsPattern.exec(params.categoryIds ?? '');
      if (!match) throw notFound();
      const categoryFirstId = Number(match[1]);
      const categorySecondId = match[2] ? Number(match[2]) : null;
      const { first, second } = await resolveChooseScope(context, categoryFirstId, categorySecondId);
      const state = readListState(queryReader(query));
      const scope = { categoryFirstId, categorySecondId, stock: state.stock, filter: serializeChooseFilter(state.filter) };
      const [facets, products, siblings] = await Promise.all([
        queryAttributeExcludeList(context, scope),
        queryAttributeProductList(context, { ...scope, page: state.page, sort: state.sort }),
        loadSubcategories(context, first.categoryId),
      ]);
      const name = second?.categoryName ?? first.categoryName;
      const attributeNames = facets.facets.map((facet) => facet.name).slice(0, 5);
      return {
        title: `${name}${second ? `_${first.categoryName}` : ''} - 参数选型 - ${siteName}`,
        description: `${siteName}${name}频道，共${products.total}个型号，可按${attributeNames.join('、')}筛选，现货库存，2小时发货。`,
        data: {
          categoryFirst: first,
          categorySecond: second,
          siblings,
          state,
          facets,
          products,
        },
      };
    },
  });
}

/** /product/detail/{productId}. */
function productDetailPage(context: CatalogContext, siteName: string): Page {
  return definePage({
    path: '/product/detail/:productId',
    entry: 'product-detail',
    component: ProductDetailPage,
    async load({ params, userId }) {
      const detail = await loadProductDetail(context, parsePathId(params.productId), userId);
      const { product } = detail;
      return {
        title: `${product.code} ${product.brandName} ${product.package} ${detail.categorySecond.categoryName} - ${siteName}`,
        description: `${product.code}由${product.brandName}生产，${product.description}，封装${product.package}。${siteName}提供${product.code}的价格、现货库存、规格书（datasheet）与参数。`,
        data: detail,
      };
    },
  });
}

/** /product/discount?subject=A01 (special offers) or A03 (the IC zone). */
function discountPage(context: CatalogContext, siteName: string): Page {
  return definePage({
    path: '/product/discount',
    entry: 'discount',
    component: DiscountPage,
    async load({ query }) {
      const subject = query.subject;
      if (!isDiscountSubject(subject)) throw notFound();
      const state = readColumnListState(queryReader(query));
      const products = await loadZoneProducts(context, {
        subject,
        sort: state.sort,
        page: state.page,
        isStockOnly: state.stock === 1,
        categorySecondId: state.category,
        package: state.package,
      });
      const zone = discountSubjects[subject];
      return { title: `${zone.title} - ${siteName}`, description: `${siteName}${zone.title}：${zone.description}`, data: { subject, products, state } };
    },
  });
}

export function catalogPages(context: CatalogContext, siteName: string): Page[] {
  return [cataloguePage(context, siteName), choosePage(context, siteName), productDetailPage(context, siteName), discountPage(context, siteName)];
}
