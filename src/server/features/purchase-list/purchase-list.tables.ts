import type { Generated } from 'kysely';
import type { PurchaseListSource } from '../../../contract/purchase-list.ts';

export interface PurchaseListsTable {
  id: Generated<number>;
  /** The member who saved it; today also the only one who sees it. */
  userId: number;
  /** For lists shared inside a company once company accounts exist (issue 28): null until then, and read nowhere yet. */
  companyId: number | null;
  name: string;
  source: PurchaseListSource;
  /** The order number or BOM id it came from; null for the cart and by hand. */
  sourceRef: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface PurchaseListLinesTable {
  id: Generated<number>;
  listId: number;
  /** null once the part was deleted from the catalogue. */
  productId: number | null;
  /** The part as it was saved: shown when it is gone. */
  productCode: string;
  brandName: string;
  package: string;
  quantity: number;
  customerPartNo: Generated<string>;
  /** The tier's unit price at the line's quantity when saved (0.0001 yuan); null when it had no prices. */
  savedUnitPriceE4: number | null;
  /** The tier ladder when saved, JSON [{qtyStart, priceE4}]: a changed quantity is priced as it would have been then. */
  savedPriceTiers: string;
  savedStock: number;
  createdAt: number;
}

export interface PurchaseListTables {
  purchaseLists: PurchaseListsTable;
  purchaseListLines: PurchaseListLinesTable;
}
