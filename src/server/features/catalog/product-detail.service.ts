import type { ProductDetail } from '../../../contract/catalog.ts';
import { notFound } from '../../http/app-error.ts';
import { isFavorite } from '../favorite/favorite.service.ts';
import type { CatalogContext } from './catalog-context.ts';
import { findCategory } from './category.repository.ts';
import {
  countProductsWithValue,
  findProductExtras,
  findProductIdsSharingValues,
  findProductParams,
  findProductSummaries,
  findProductSummary,
  type ProductParamRow,
} from './product.repository.ts';
import { findBrandById } from '../brand/brand.service.ts';

const similarLimit = 8;
/** How many parts with the rarest key value are looked at, at most. */
const similarScanLimit = 3000;
const keyParameterCount = 2;

export async function loadProductDetail(context: CatalogContext, productId: number, userId: number | null): Promise<ProductDetail> {
  const product = await findProductSummary(context.db, productId);
  if (!product) throw notFound('商品不存在');
  const [extras, params, first, second, brand, favorite] = await Promise.all([
    findProductExtras(context.db, productId),
    findProductParams(context.db, productId, product.categorySecondId),
    findCategory(context.db, product.categoryFirstId),
    findCategory(context.db, product.categorySecondId),
    findBrandById(context.db, product.brandId),
    userId === null ? Promise.resolve(false) : isFavorite(context.db, userId, productId),
  ]);
  const keys = params.filter((param) => param.isCategoryAttribute).slice(0, keyParameterCount);
  const similar = await findProductSummaries(context.db, await similarProductIds(context, productId, product.categorySecondId, keys));
  return {
    product,
    isRohs: extras?.isRohs ?? false,
    datasheetUrl: extras?.datasheetUrl ?? null,
    label: extras?.label ?? null,
    params: params.map(({ attributeId, name, valueText }) => ({ attributeId, name, valueText })),
    categoryFirst: { categoryId: product.categoryFirstId, categoryName: first?.name ?? '' },
    categorySecond: { categoryId: product.categorySecondId, categoryName: second?.name ?? '' },
    brandLogoPath: brand?.logoPath ?? null,
    similar: similar.filter((part) => part.categorySecondId === product.categorySecondId),
    similarBy: keys.map((key) => ({ name: key.name, valueText: key.valueText })),
    isFavorite: favorite,
  };
}

/** Same category, same values of the category's first two attributes; in-stock parts first. */
async function similarProductIds(context: CatalogContext, productId: number, categorySecondId: number, keys: ProductParamRow[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const counted = await Promise.all(keys.map(async (key) => ({ key, count: await countProductsWithValue(context.db, key) })));
  const rarestFirst = counted.sort((a, b) => a.count - b.count).map(({ key }) => key);
  return findProductIdsSharingValues(context.db, productId, categorySecondId, rarestFirst, similarLimit, similarScanLimit);
}
