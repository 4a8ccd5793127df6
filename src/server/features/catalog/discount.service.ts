import type { DiscountSubject, FacetedProductPage, ProductSort } from '../../../contract/catalog.ts';
import type { CatalogContext } from './catalog-context.ts';
import { loadFacetedProducts, type ProductListWhere } from './product.service.ts';

export interface ZoneQuery {
  subject: DiscountSubject;
  sort: ProductSort;
  page: number;
  isStockOnly: boolean;
  categorySecondId?: number;
  package?: string;
}

/** A01 lists the parts staff chose as special offers (products.is_special_offer), A03 those chosen for the IC zone (is_ic_zone). */
export function loadZoneProducts(context: CatalogContext, query: ZoneQuery): Promise<FacetedProductPage> {
  const zone: ProductListWhere = query.subject === 'A01' ? { isSpecialOffer: true } : { isIcZone: true };
  const where: ProductListWhere = { ...zone, isStockOnly: query.isStockOnly, categorySecondId: query.categorySecondId, package: query.package };
  return loadFacetedProducts(context, where, query.sort, query.page);
}
