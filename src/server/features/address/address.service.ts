import type { Kysely } from 'kysely';
import { addressErrors, maxAddresses, type Address, type AddressFields } from '../../../contract/address.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { lockMember } from '../account/account.service.ts';
import {
  clearDefaultAddress,
  countAddressRows,
  deleteAddressRow,
  findAddressRow,
  findAddressRows,
  insertAddressRow,
  markDefaultAddress,
  markNewestAddressDefault,
  updateAddressRow,
  type AddressColumns,
  type AddressRow,
} from './address.repository.ts';
import { resolveRegion } from './division.service.ts';

// The book keeps one rule: a member with addresses has exactly one default. The first address
// takes it, a deleted default passes it to the newest remaining, and every change of it runs
// under the member's lock (lockMember), so concurrent calls take turns.

/** A new address, or with `id` an edit of one of the member's own; `isDefault` true makes it the default. */
export type AddressInput = AddressFields & { id?: number; isDefault?: boolean };

function addressOf(row: AddressRow): Address {
  return {
    id: row.id,
    receiver: row.receiver,
    mobile: row.mobile,
    landline: row.landline,
    provinceCode: row.provinceCode,
    provinceName: row.provinceName,
    cityCode: row.cityCode,
    cityName: row.cityName,
    districtCode: row.districtCode,
    districtName: row.districtName,
    detail: row.detail,
    isDefault: row.isDefault === 1,
  };
}

/** The member's addresses, the default first, then the newest. The checkout lists these. */
export async function listAddresses(db: Kysely<Database>, userId: number): Promise<Address[]> {
  return (await findAddressRows(db, userId)).map(addressOf);
}

/** One of the member's addresses, or null for an unknown id or another member's. The checkout ships to this. */
export async function findAddressOfMember(db: Kysely<Database>, userId: number, addressId: number): Promise<Address | null> {
  const row = await findAddressRow(db, userId, addressId);
  return row ? addressOf(row) : null;
}

/** The columns of an address: the divisions' names are looked up from their codes and kept beside them. */
function columnsOf(input: AddressFields): AddressColumns {
  const region = resolveRegion(input.provinceCode, input.cityCode, input.districtCode);
  return {
    receiver: input.receiver,
    mobile: input.mobile,
    landline: input.landline,
    provinceCode: region.province.code,
    provinceName: region.province.name,
    cityCode: region.city.code,
    cityName: region.city.name,
    districtCode: region.district.code,
    districtName: region.district.name,
    detail: input.detail,
  };
}

export async function saveAddress(db: Kysely<Database>, userId: number, input: AddressInput): Promise<Address> {
  const columns = columnsOf(input);
  return withTransaction(db, async (trx) => {
    await lockMember(trx, userId);
    const now = Date.now();
    let id: number;
    if (input.id === undefined) {
      const count = await countAddressRows(trx, userId);
      if (count >= maxAddresses) throw new AppError(addressErrors.full);
      const isDefault = count === 0 || input.isDefault === true;
      if (isDefault) await clearDefaultAddress(trx, userId);
      id = await insertAddressRow(trx, userId, columns, isDefault, now);
    } else {
      id = input.id;
      const existing = await findAddressRow(trx, userId, id);
      if (!existing) throw new AppError(addressErrors.notFound);
      await updateAddressRow(trx, userId, id, columns, now);
      // Unticking the default keeps it: a book with addresses always has one.
      if (input.isDefault === true && existing.isDefault !== 1) await makeDefault(trx, userId, id);
    }
    const saved = await findAddressRow(trx, userId, id);
    if (!saved) throw new AppError(addressErrors.notFound);
    return addressOf(saved);
  });
}

async function makeDefault(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  await clearDefaultAddress(db, userId);
  await markDefaultAddress(db, userId, id);
}

export async function setDefaultAddress(db: Kysely<Database>, userId: number, id: number): Promise<Address[]> {
  await withTransaction(db, async (trx) => {
    await lockMember(trx, userId);
    if (!(await findAddressRow(trx, userId, id))) throw new AppError(addressErrors.notFound);
    await makeDefault(trx, userId, id);
  });
  return listAddresses(db, userId);
}

export async function deleteAddress(db: Kysely<Database>, userId: number, id: number): Promise<Address[]> {
  await withTransaction(db, async (trx) => {
    await lockMember(trx, userId);
    const deleted = await deleteAddressRow(trx, userId, id);
    if (!deleted) throw new AppError(addressErrors.notFound);
    if (deleted.wasDefault) await markNewestAddressDefault(trx, userId);
  });
  return listAddresses(db, userId);
}
