import type { Kysely } from 'kysely';
import type { PurchasingData } from '../../../contract/purchasing.ts';
import type { Database } from '../../db/database.ts';
import { addSkuCount } from './category-staff.repository.ts';
import { deleteProducts, insertProduct, replacePriceRows, updateProductFields } from './product-import.repository.ts';

/**
 * What a price list (features/price-import) writes of the catalogue, each in the caller's transaction
 * (one batch of the import, one chunk of its rollback, with their undo rows): parts' fields and tiers,
 * new parts under a category, and a rollback's deletions. The stock of a part is the warehouse's
 * (warehouse-stock.service.ts).
 */

export interface ImportedFields extends Partial<PurchasingData> {
  updatedAt: number;
  packSize?: number;
  package?: string;
  description?: string;
}

export interface PriceRow {
  productId: number;
  qtyStart: number;
  qtyEnd: number | null;
  priceE4: number;
  originalPriceE4: number | null;
}

/** Where the import files the parts the catalogue does not have yet. */
export interface NewPartPlace {
  categoryFirstId: number;
  categorySecondId: number;
}

export interface NewPart {
  code: string;
  codeNorm: string;
  brandId: number;
  package: string;
  description: string;
  stock: number;
  packSize: number;
  /** The purchasing cells the list filled; the others start unknown. */
  purchasing: Partial<PurchasingData> | null;
}

export async function writeImportedFields(db: Kysely<Database>, productId: number, fields: ImportedFields): Promise<void> {
  await updateProductFields(db, productId, fields);
}

/** A new part, active, neither RoHS nor on offer; the database's refusal (a duplicate part number) is the caller's to name. */
export async function insertImportedPart(db: Kysely<Database>, place: NewPartPlace, part: NewPart, now: number): Promise<number> {
  const { purchasing, ...columns } = part;
  return insertProduct(db, {
    ...purchasing,
    ...columns,
    categoryFirstId: place.categoryFirstId,
    categorySecondId: place.categorySecondId,
    lifecycle: 'active',
    isRohs: 0,
    datasheetUrl: null,
    imagePath: null,
    label: null,
    isSpecialOffer: 0,
    isIcZone: 0,
    createdAt: now,
    updatedAt: now,
  });
}

/** The tiers of these parts become the rows given; the triggers keep first_tier_price_e4. */
export async function replaceImportedTiers(db: Kysely<Database>, rows: readonly PriceRow[], productIds: readonly number[]): Promise<void> {
  await replacePriceRows(db, rows, productIds);
}

/** The place's two categories count parts added (or, negative, removed). */
export async function countPartsAt(db: Kysely<Database>, place: NewPartPlace, delta: number): Promise<void> {
  await addSkuCount(db, [place.categoryFirstId, place.categorySecondId], delta);
}

/** A rolled-back import's new parts, with their tiers (their warehouse figures are forgotten first: forgetProductStock). */
export async function deleteImportedParts(db: Kysely<Database>, productIds: readonly number[]): Promise<void> {
  await deleteProducts(db, productIds);
}
