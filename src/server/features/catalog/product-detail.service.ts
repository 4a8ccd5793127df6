import { productErrors, type ProductDetail } from '../../../contract/catalog.ts';
import { AppError } from '../../http/app-error.ts';
import { warehouseStockOfProduct } from '../warehouse/warehouse-stock.service.ts';
import type { CatalogContext } from './catalog-context.ts';
import { purchasingViewOf } from './purchasing.service.ts';
import {
  countProductsWithValues,
  findProductIdsSharingValues,
  findProductPageRow,
  findProductParams,
  findProductSummaries,
  isFavoriteOf,
  type ProductParamRow,
} from './product.repository.ts';

const similarLimit = 8;
/** How many parts with the rarest key value are looked at, at most. */
const similarScanLimit = 3000;
const keyParameterCount = 2;

/**
 * The product page: the part with its maker's logo and both category names in one row, its
 * tiers, its parameters and (for a member) the favorite flag in one wave, then similar parts.
 */
export async function loadProductDetail(context: CatalogContext, productId: number, userId: number | null): Promise<ProductDetail> {
  const [row, params, favorite, warehouses] = await Promise.all([
    findProductPageRow(context.db, productId),
    findProductParams(context.db, productId),
    userId === null ? false : isFavoriteOf(context.db, userId, productId),
    warehouseStockOfProduct(context.db, productId),
  ]);
  if (!row) throw new AppError(productErrors.notFound);
  const { product } = row;
  const keys = params.filter((param) => param.isCategoryAttribute).slice(0, keyParameterCount);
  const similar = await findProductSummaries(context.db, await similarProductIds(context, productId, product.categorySecondId, keys));
  return {
    product,
    isRohs: row.isRohs,
    purchasing: purchasingViewOf(row.purchasing),
    datasheetUrl: row.datasheetUrl,
    label: row.label,
    params: params.map(({ attributeId, name, valueText }) => ({ attributeId, name, valueText })),
    categoryFirst: { categoryId: product.categoryFirstId, categoryName: row.categoryFirstName },
    categorySecond: { categoryId: product.categorySecondId, categoryName: row.categorySecondName },
    brandLogoPath: row.brandLogoPath,
    similar: similar.filter((part) => part.categorySecondId === product.categorySecondId),
    similarBy: keys.map((key) => ({ name: key.name, valueText: key.valueText })),
    isFavorite: favorite,
    warehouses,
  };
}

/** Same category, same values of the category's first two attributes; in-stock parts first. */
async function similarProductIds(context: CatalogContext, productId: number, categorySecondId: number, keys: ProductParamRow[]): Promise<number[]> {
  if (keys.length === 0) return [];
  const counts = await countProductsWithValues(context.db, keys);
  const rarestFirst = keys
    .map((key, index) => ({ key, count: counts[index] ?? 0 }))
    .sort((a, b) => a.count - b.count)
    .map(({ key }) => key);
  return findProductIdsSharingValues(context.db, productId, categorySecondId, rarestFirst, similarLimit, similarScanLimit);
}
