import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Parts whose normalised part number is one of `codeNorms` (products_code_norm_unique leads with code_norm). */
export async function findProductIdsByCodeNorm(db: Kysely<Database>, codeNorms: readonly string[]): Promise<{ id: number; codeNorm: string }[]> {
  if (codeNorms.length === 0) return [];
  return db.selectFrom('products').select(['id', 'codeNorm']).where('codeNorm', 'in', codeNorms).orderBy('id').execute();
}
