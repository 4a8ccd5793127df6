import type { Kysely } from 'kysely';
import { brandLogoKeyPattern, taxonomyErrors, taxonomyMessages } from '../../../contract/console/taxonomy.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { brandInitialOf } from './brand-initial.ts';
import {
  countBrandProducts,
  deleteBrandRow,
  findBrandIdNamed,
  findStaffBrand,
  insertBrand,
  lockBrand,
  updateBrand as updateBrandRow,
  type BrandStaffRow,
} from './brand-staff.repository.ts';
import { isUniqueViolation } from './category-staff.repository.ts';
import { refusingReferenced, type TaxonomyChange } from './category-staff.service.ts';

export { brandInitialOf } from './brand-initial.ts';
export type { BrandStaffRow } from './brand-staff.repository.ts';

/**
 * What staff do to the brands (the console's brand desk calls these), each in one transaction with
 * the work the caller adds alongside (its audit entry). /brand and the brand pages read the brands
 * table on every request, and the caches that hold brand names (home, search) follow the brands'
 * triggers (cache_versions, catalog_changes).
 */

export interface BrandFields {
  nameEn: string;
  nameCn: string;
  initial: string;
  logoPath: string;
  intro: string;
  website: string;
  country: string;
}

async function brandOrMissing(db: Kysely<Database>, id: number): Promise<BrandStaffRow> {
  const row = await findStaffBrand(db, id);
  if (!row) throw new AppError(taxonomyErrors.brandMissing);
  return row;
}

/** The row's columns from the form: the initial from the name when none is chosen, a logo only as the logo upload made it (or the one kept). */
function columnsOf(fields: BrandFields, keptLogoPath: string | null) {
  if (fields.logoPath !== '' && fields.logoPath !== keptLogoPath && !brandLogoKeyPattern.test(fields.logoPath))
    throw new AppError(taxonomyErrors.logoNotImage, taxonomyMessages.logoInvalid);
  return {
    nameEn: fields.nameEn,
    nameCn: fields.nameCn === '' ? null : fields.nameCn,
    initial: fields.initial === '' ? brandInitialOf(fields.nameCn && !/^[A-Za-z]/.test(fields.nameEn) ? fields.nameCn : fields.nameEn) : fields.initial,
    logoPath: fields.logoPath === '' ? null : fields.logoPath,
    intro: fields.intro,
    website: fields.website === '' ? null : fields.website,
    country: fields.country,
  };
}

/** One brand per name whatever its case: the unique index decides between racing creations or renames. */
async function refusingTakenName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(taxonomyErrors.brandNameTaken);
    throw error;
  }
}

async function refuseTakenName(trx: Kysely<Database>, nameEn: string, exceptId: number | null) {
  const clash = await findBrandIdNamed(trx, nameEn);
  if (clash !== undefined && clash !== exceptId) throw new AppError(taxonomyErrors.brandNameTaken);
}

export function createBrand(db: Kysely<Database>, fields: BrandFields, alongside: AlongsideChange<TaxonomyChange<BrandStaffRow>>): Promise<BrandStaffRow> {
  return refusingTakenName(
    withTransaction(db, async (trx) => {
      await refuseTakenName(trx, fields.nameEn, null);
      const id = await insertBrand(trx, { ...columnsOf(fields, null), isPartner: 0, sort: 0 });
      const after = await brandOrMissing(trx, id);
      await alongside(trx, { before: null, after });
      return after;
    }),
  );
}

/** Answers the brand as saved and how many parts it has. */
export function updateBrand(
  db: Kysely<Database>,
  brandId: number,
  fields: BrandFields,
  alongside: AlongsideChange<TaxonomyChange<BrandStaffRow>>,
): Promise<{ brand: BrandStaffRow; productCount: number }> {
  return refusingTakenName(
    withTransaction(db, async (trx) => {
      await lockBrand(trx, brandId);
      const before = await brandOrMissing(trx, brandId);
      await refuseTakenName(trx, fields.nameEn, brandId);
      await updateBrandRow(trx, brandId, columnsOf(fields, before.logoPath));
      const after = await brandOrMissing(trx, brandId);
      await alongside(trx, { before, after });
      return { brand: after, productCount: await countBrandProducts(trx, brandId) };
    }),
  );
}

/** Deletes a brand without parts; one with parts is refused with how many. */
export async function deleteBrand(db: Kysely<Database>, brandId: number, alongside: AlongsideChange<TaxonomyChange<BrandStaffRow>>): Promise<void> {
  await refusingReferenced(
    withTransaction(db, async (trx) => {
      const before = await brandOrMissing(trx, brandId);
      const count = await countBrandProducts(trx, brandId);
      if (count > 0) throw new AppError(taxonomyErrors.inUse, taxonomyMessages.brandHasProducts(count));
      // Of two staff deleting it at once, the one whose delete finds no row is told it is gone (one change goes on).
      if (!(await deleteBrandRow(trx, brandId))) throw new AppError(taxonomyErrors.brandMissing);
      await alongside(trx, { before, after: null });
    }),
  );
}
