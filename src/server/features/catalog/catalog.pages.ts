import { choosePath, discountSubjects, isDiscountSubject, productDetailPath, serializeChooseFilter } from '../../../contract/catalog.ts';
import { queryReader, readColumnListState, readListState } from '../../../contract/list-state.ts';
import type { Config } from '../../config.ts';
import { notFound } from '../../http/app-error.ts';
import { parsePathId } from '../../http/path-params.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { canonicalPathOf } from '../../ssr/canonical-path.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { CataloguePage } from '../../../web/pages/catalogue-page.tsx';
import { ChoosePage } from '../../../web/pages/choose-page.tsx';
import { DiscountPage } from '../../../web/pages/discount-page.tsx';
import { ProductDetailPage } from '../../../web/pages/product-detail-page.tsx';
import type { CatalogContext } from './catalog-context.ts';
import { loadSubcategories, queryAttributeExcludeList, queryAttributeProductList, resolveChooseScope } from './choose/choose.service.ts';
import { loadZoneProducts } from './discount.service.ts';
import { loadProductDetail } from './product-detail.service.ts';
import { categoryBreadcrumbs, productImageUrl, productStructuredData } from './product-structured-data.ts';

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
function choosePage(context: CatalogContext, config: Config): Page {
  const siteName = config.siteName;
  return definePage({
    path: '/choose/:categoryIds',
    entry: 'choose',
    component: ChoosePage,
    async load({ params, query, request }) {
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
        // Filters, stock and sort are views of the category's list: the page is the category and its page number.
        canonicalPath: canonicalPathOf(choosePath(categoryFirstId, categorySecondId), { page: state.page }),
        structuredData: [categoryBreadcrumbs(publicOriginOf(config, request), first, second)],
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
function productDetailPage(context: CatalogContext, config: Config): Page {
  const siteName = config.siteName;
  return definePage({
    path: '/product/detail/:productId',
    entry: 'product-detail',
    component: ProductDetailPage,
    async load({ params, userId, request }) {
      const detail = await loadProductDetail(context, parsePathId(params.productId), userId);
      const { product } = detail;
      const site = { origin: publicOriginOf(config, request), siteName, imageBaseUrl: config.imageBaseUrl };
      const path = productDetailPath(product.productId);
      return {
        canonicalPath: path,
        ogType: 'product',
        image: productImageUrl(detail, site),
        structuredData: [
          productStructuredData(detail, site),
          categoryBreadcrumbs(site.origin, detail.categoryFirst, detail.categorySecond, { name: product.code, path }),
        ],
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
      return {
        title: `${zone.title}${state.page > 1 ? `（第${state.page}页）` : ''} - ${siteName}`,
        description: `${siteName}${zone.title}：${zone.description}`,
        canonicalPath: canonicalPathOf('/product/discount', { subject, page: state.page }),
        data: { subject, products, state },
      };
    },
  });
}

export function catalogPages(context: CatalogContext, config: Config): Page[] {
  return [cataloguePage(context, config.siteName), choosePage(context, config), productDetailPage(context, config), discountPage(context, config.siteName)];
}
