import { brandDisplayName } from '../../../contract/catalog.ts';
import type { PriceTier } from '../../../contract/pricing.ts';
import type { SearchProduct } from '../../../contract/search.ts';
import type { Db } from '../../db/create-db.ts';

/** Parts as the results page shows them, in the order of `productIds`; unknown ids are left out. */
export async function findSearchProducts(db: Db, productIds: readonly number[]): Promise<SearchProduct[]> {
  if (productIds.length === 0) return [];
  const [rows, tierRows] = await Promise.all([
    db.kysely
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brandId')
      .innerJoin('categories as c', 'c.id', 'p.categorySecondId')
      .select(['p.id', 'p.code', 'p.brandId', 'b.nameEn', 'b.nameCn', 'p.categoryFirstId', 'p.categorySecondId', 'c.name as categoryName', 'p.package', 'p.description', 'p.stock', 'p.packSize', 'p.imagePath', 'p.isSpecialOffer'])
      .where('p.id', 'in', productIds)
      .execute(),
    db.kysely
      .selectFrom('productPrices')
      .select(['productId', 'qtyStart', 'qtyEnd', 'priceE4', 'originalPriceE4'])
      .where('productId', 'in', productIds)
      .orderBy('productId')
      .orderBy('qtyStart')
      .execute(),
  ]);
  const tiers = new Map<number, PriceTier[]>();
  for (const tier of tierRows) {
    let list = tiers.get(tier.productId);
    if (!list) tiers.set(tier.productId, (list = []));
    list.push({ qtyStart: tier.qtyStart, qtyEnd: tier.qtyEnd, priceE4: tier.priceE4, originalPriceE4: tier.originalPriceE4 });
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  return productIds.flatMap((id): SearchProduct[] => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        productId: row.id,
        code: row.code,
        brandId: row.brandId,
        brandName: brandDisplayName(row.nameEn, row.nameCn),
        categoryFirstId: row.categoryFirstId,
        categoryId: row.categorySecondId,
        categoryName: row.categoryName,
        package: row.package,
        description: row.description,
        stock: row.stock,
        packSize: row.packSize,
        imagePath: row.imagePath,
        isSpecialOffer: row.isSpecialOffer === 1,
        priceTiers: tiers.get(row.id) ?? [],
      },
    ];
  });
}

/** Parts whose normalised code is one of these, in code then brand order. */
export async function findProductIdsByCodeNorm(db: Db, codeNorms: string[]): Promise<number[]> {
  if (codeNorms.length === 0) return [];
  const rows = await db.kysely.selectFrom('products').select('id').where('codeNorm', 'in', codeNorms).orderBy('codeNorm').orderBy('brandId').orderBy('id').limit(200).execute();
  return rows.map((row) => row.id);
}
