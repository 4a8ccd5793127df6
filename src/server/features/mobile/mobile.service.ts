import type { Kysely } from 'kysely';
import { serializeChooseFilter } from '../../../contract/catalog.ts';
import type { ListState } from '../../../contract/list-state.ts';
import type { MobileCatalogueData, MobileChooseData, MobileHomeData, MobileProductData, MobileSearchData } from '../../../contract/mobile.ts';
import type { SearchParams } from '../../../contract/search.ts';
import type { Database } from '../../db/database.ts';
import {
  loadSubcategories,
  queryAttributeExcludeList,
  queryAttributeProductList,
  resolveChooseScope,
  type CatalogContext,
} from '../catalog/choose/choose.service.ts';
import { loadProductDetail } from '../catalog/product-detail.service.ts';
import { loadHomeBanners, type HomeContentCache } from '../home/home.service.ts';
import type { SearchService } from '../search/search.service.ts';

const mobileNewsSize = 3;

/**
 * The mobile home page shows the same banners, display stand and bulletin as the desktop one; like
 * the desktop, a member who has the new-member pack is not offered it again.
 */
export async function loadMobileHome(db: Kysely<Database>, homeContent: HomeContentCache, userId: number | null, basePath: string): Promise<MobileHomeData> {
  const [content, bannerList] = await Promise.all([homeContent.load(), loadHomeBanners(db, homeContent, userId)]);
  return {
    bannerList,
    productList: content.productList.flat(),
    newsList: content.newsList.slice(0, mobileNewsSize),
    basePath,
  };
}

/** The desktop's detail without the similar parts; an unknown part throws product.notFound. */
export async function loadMobileProduct(context: CatalogContext, productId: number, userId: number | null, basePath: string): Promise<MobileProductData> {
  const detail = await loadProductDetail(context, productId, userId);
  return {
    product: detail.product,
    params: detail.params,
    datasheetUrl: detail.datasheetUrl,
    isRohs: detail.isRohs,
    purchasing: detail.purchasing,
    isFavorite: detail.isFavorite,
    categoryFirst: detail.categoryFirst,
    categorySecond: detail.categorySecond,
    basePath,
  };
}

/** The search feature's results; an empty keyword searches nothing (spec §5). */
export async function loadMobileSearch(search: SearchService, params: SearchParams, basePath: string): Promise<MobileSearchData> {
  const { facets: _facets, ...result } = await search.search(params);
  return { result, basePath };
}

export async function loadMobileCatalogue(context: CatalogContext, basePath: string): Promise<MobileCatalogueData> {
  return { groups: await context.categoryTree.load(), basePath };
}

/** The parametric list of a category from the same choose index as the desktop /choose. */
export async function loadMobileChoose(
  context: CatalogContext,
  categoryFirstId: number,
  categorySecondId: number | null,
  state: ListState,
  basePath: string,
): Promise<MobileChooseData> {
  const { first, second } = await resolveChooseScope(context, categoryFirstId, categorySecondId);
  const scope = { categoryFirstId, categorySecondId, stock: state.stock, filter: serializeChooseFilter(state.filter) };
  const [facets, products, siblings] = await Promise.all([
    queryAttributeExcludeList(context, scope),
    queryAttributeProductList(context, { ...scope, page: state.page, sort: state.sort }),
    loadSubcategories(context, first.categoryId),
  ]);
  return { categoryFirst: first, categorySecond: second, siblings, state, facets, products, basePath };
}
