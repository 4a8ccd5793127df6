import type { Kysely } from 'kysely';
import { countryNameOf, type PurchasingData, type PurchasingView } from '../../../contract/purchasing.ts';
import type { Database } from '../../db/database.ts';
import { findPurchasing } from './purchasing.repository.ts';

/** A part's purchasing data with its country of origin named in Chinese (the product page shows it so). */
export function purchasingViewOf(data: PurchasingData): PurchasingView {
  return { ...data, originCountryName: data.originCountry === null ? null : countryNameOf(data.originCountry) };
}

/** The purchasing data and RoHS flag of many parts at once (the open API's part lists). */
export function loadPurchasingOf(db: Kysely<Database>, productIds: readonly number[]): Promise<Map<number, { isRohs: boolean; purchasing: PurchasingData }>> {
  return findPurchasing(db, productIds);
}

/** The columns and their mapping, for features reading products in bulk themselves (the price import's snapshots). */
export { purchasingColumns, purchasingOfRow, type PurchasingRow } from './purchasing.repository.ts';
