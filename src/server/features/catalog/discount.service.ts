import type { DiscountSubject, FacetedProductPage, ProductSort } from '../../../contract/catalog.ts';
import type { CatalogContext } from './catalog-context.ts';
import { loadFacetedProducts, type ProductListWhere } from './product.service.ts';

/**
 * The IC zone (A03) holds the first-level categories of the chip groups (processors, memory,
 * power management, analogue, interface, logic); modules and discrete parts stay out.
 */
const icGroupPattern = /IC|芯片|集成电路|处理器|存储|模拟|接口|逻辑/i;
const notIcPattern = /模块|模组/;

export function isIcCategory(groupName: string, firstCategoryName: string): boolean {
  return (icGroupPattern.test(groupName) || icGroupPattern.test(firstCategoryName)) && !notIcPattern.test(firstCategoryName);
}

/** Read from the cached category tree (its groups and first levels), not from the database. */
export async function findIcCategoryIds(context: CatalogContext): Promise<number[]> {
  const groups = await context.categoryTree.load();
  return groups.flatMap((group) =>
    group.categoryList.filter((first) => isIcCategory(group.categoryGroupName, first.categoryName)).map((first) => first.categoryId),
  );
}

export interface ZoneQuery {
  subject: DiscountSubject;
  sort: ProductSort;
  page: number;
  isStockOnly: boolean;
  categorySecondId?: number;
  package?: string;
}

export async function loadZoneProducts(context: CatalogContext, query: ZoneQuery): Promise<FacetedProductPage> {
  const where: ProductListWhere =
    query.subject === 'A01'
      ? { isSpecialOffer: true, isStockOnly: query.isStockOnly, categorySecondId: query.categorySecondId, package: query.package }
      : {
          categoryFirstIds: await findIcCategoryIds(context),
          isStockOnly: query.isStockOnly,
          categorySecondId: query.categorySecondId,
          package: query.package,
        };
  return loadFacetedProducts(context, where, query.sort, query.page);
}
