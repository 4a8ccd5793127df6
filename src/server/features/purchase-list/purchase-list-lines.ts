import type { ProductSummary } from '../../../contract/catalog.ts';
import { isProductOnSale, orderableQuantityOf, unitPriceE4At, type PriceTier } from '../../../contract/pricing.ts';
import { availabilityOf, priceChangeOf, type PurchaseListLine } from '../../../contract/purchase-list.ts';
import type { NewPurchaseListLine, PurchaseListLineRow } from './purchase-list.repository.ts';

/** A part as a list saves it: what it is, and its price and stock now, to compare with later. */
export function savedLineOf(product: ProductSummary, quantity: number, customerPartNo: string): NewPurchaseListLine {
  return {
    productId: product.productId,
    productCode: product.code,
    brandName: product.brandName,
    package: product.package,
    quantity,
    customerPartNo,
    savedUnitPriceE4: unitPriceE4At(product.priceTiers, quantity),
    savedPriceTiers: JSON.stringify(product.priceTiers.map(({ qtyStart, priceE4 }) => ({ qtyStart, priceE4 }))),
    savedStock: product.stock,
  };
}

function isSavedTier(value: unknown): value is { qtyStart: number; priceE4: number } {
  if (typeof value !== 'object' || value === null) return false;
  const tier = value as Record<string, unknown>;
  return typeof tier.qtyStart === 'number' && typeof tier.priceE4 === 'number';
}

/** The ladder stored with the line; a value that is not one reads as no prices. */
function savedTiersOf(json: string): PriceTier[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isSavedTier).map(({ qtyStart, priceE4 }) => ({ qtyStart, qtyEnd: null, priceE4, originalPriceE4: null }));
  } catch {
    return [];
  }
}

/** What the line would have cost a piece when saved, at another quantity (the member changed it). */
export function savedUnitPriceAt(row: Pick<PurchaseListLineRow, 'savedPriceTiers'>, quantity: number): number | null {
  return unitPriceE4At(savedTiersOf(row.savedPriceTiers), quantity);
}

/** A stored line beside its part as it is now (undefined: deleted from the catalogue). */
export function listLineOf(row: PurchaseListLineRow, product: ProductSummary | undefined): PurchaseListLine {
  const isOnSale = product !== undefined && isProductOnSale(product);
  const currentUnitPriceE4 = product && isOnSale ? unitPriceE4At(product.priceTiers, row.quantity) : null;
  const currentStock = product?.stock ?? 0;
  return {
    lineId: row.id,
    productId: product ? product.productId : null,
    code: product?.code ?? row.productCode,
    brandName: product?.brandName ?? row.brandName,
    package: product?.package ?? row.package,
    quantity: row.quantity,
    customerPartNo: row.customerPartNo,
    packSize: product?.packSize ?? 1,
    savedUnitPriceE4: row.savedUnitPriceE4,
    currentUnitPriceE4,
    priceChange: priceChangeOf(row.savedUnitPriceE4, currentUnitPriceE4),
    savedStock: row.savedStock,
    currentStock,
    availability: availabilityOf(isOnSale, currentStock, row.quantity),
    orderQuantity: product ? orderableQuantityOf(row.quantity, product) : row.quantity,
  };
}
