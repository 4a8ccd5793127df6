import type { Db } from '../../db/create-db.ts';

/** Parts whose normalised code is one of these, in code then brand order. */
export async function findProductIdsByCodeNorm(db: Db, codeNorms: string[]): Promise<number[]> {
  if (codeNorms.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('products')
    .select('id')
    .where('codeNorm', 'in', codeNorms)
    .orderBy('codeNorm')
    .orderBy('brandId')
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((row) => row.id);
}
