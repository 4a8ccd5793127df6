import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { CompaniesTable } from './invoice.tables.ts';
import { escapeLike } from '../../db/escape-like.ts';

export type CompanyRow = Selectable<CompaniesTable>;
export type CompanyColumns = Pick<Insertable<CompaniesTable>, 'name' | 'taxNumber' | 'registeredAddress' | 'registeredPhone' | 'bankName' | 'bankAccount'>;

/**
 * Up to `limit` distinct names containing `text` (already lower-cased), names starting with it
 * first, then the shorter, then the earlier known (not by name: the engines collate Chinese
 * differently). lower() on both sides makes LIKE case-insensitive on PostgreSQL as it
 * is on SQLite; ESCAPE is spelled out because SQLite has no default escape character.
 */
export async function findCompanyNames(db: Kysely<Database>, lowerText: string, limit: number): Promise<string[]> {
  const escaped = escapeLike(lowerText);
  const rows = await db
    .selectFrom('companies')
    .select('name')
    .where(sql<boolean>`lower(name) like ${`%${escaped}%`} escape '\\'`)
    .groupBy('name')
    .orderBy(sql`case when lower(name) like ${`${escaped}%`} escape '\\' then 0 else 1 end`)
    .orderBy(sql`length(name)`)
    .orderBy((eb) => eb.fn.min('id'))
    .limit(limit)
    .execute();
  return rows.map((row) => row.name);
}

/** The company of this name (any case): a verified row before a learnt one, then the latest. */
export function findCompanyByName(db: Kysely<Database>, name: string): Promise<CompanyRow | undefined> {
  return db
    .selectFrom('companies')
    .selectAll()
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .orderBy('isVerified', 'desc')
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A company learnt from a member's invoice profile, by tax number: a new one is added unverified;
 * a known unverified one takes the new name and any detail the profile gives (blank details keep
 * what was known); a verified one is never changed by a member.
 */
export async function upsertLearntCompany(db: Kysely<Database>, company: CompanyColumns, now: number): Promise<void> {
  const keepKnown = (column: 'registeredAddress' | 'registeredPhone' | 'bankName' | 'bankAccount') =>
    sql<string>`coalesce(nullif(${sql.ref(`excluded.${column}`)}, ''), ${sql.ref(`companies.${column}`)})`;
  await db
    .insertInto('companies')
    .values({ ...company, isVerified: 0, createdAt: now, updatedAt: now })
    .onConflict((conflict) =>
      conflict
        .column('taxNumber')
        .doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          registeredAddress: keepKnown('registeredAddress'),
          registeredPhone: keepKnown('registeredPhone'),
          bankName: keepKnown('bankName'),
          bankAccount: keepKnown('bankAccount'),
          updatedAt: eb.ref('excluded.updatedAt'),
        }))
        .where('companies.isVerified', '=', 0),
    )
    .execute();
}

/** The store's register, loaded as verified; a tax number already present is left as it is. */
export async function insertRegisteredCompanies(db: Kysely<Database>, companies: readonly CompanyColumns[], now: number): Promise<void> {
  const chunkSize = 200;
  for (let start = 0; start < companies.length; start += chunkSize) {
    await db
      .insertInto('companies')
      .values(companies.slice(start, start + chunkSize).map((company) => ({ ...company, isVerified: 1, createdAt: now, updatedAt: now })))
      .onConflict((conflict) => conflict.column('taxNumber').doNothing())
      .execute();
  }
}

/** How many of these tax numbers the register holds, verified or learnt. */
export async function countCompaniesWithTaxNumbers(db: Kysely<Database>, taxNumbers: readonly string[]): Promise<number> {
  if (taxNumbers.length === 0) return 0;
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('taxNumber', 'in', taxNumbers)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
