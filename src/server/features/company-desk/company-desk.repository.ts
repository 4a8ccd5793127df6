import { sql, type Kysely } from 'kysely';
import { CreditEntryKind } from '../../../contract/company-credit.ts';
import { companyDeskPageSize } from '../../../contract/console/company-desk.ts';
import type { Database } from '../../db/database.ts';

/** 企业月结's reads: companies with their member count, 月结 and on-account order count. */

export interface CompanyDeskRowData {
  companyId: number;
  name: string;
  creditCode: string;
  contactName: string;
  contactPhone: string;
  createdAt: number;
  memberCount: number;
  onAccountOrderCount: number;
  isActive: number | null;
  limitCents: number | null;
  usedCents: number | null;
}

function companiesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('companyAccounts as c')
    .leftJoin('companyCreditAccounts as a', 'a.companyId', 'c.id')
    .select([
      'c.id as companyId',
      'c.name',
      'c.creditCode',
      'c.contactName',
      'c.contactPhone',
      'c.createdAt',
      'a.isActive',
      'a.limitCents',
      'a.usedCents',
      (eb) =>
        eb
          .selectFrom('companyAccountMembers as m')
          .whereRef('m.companyId', '=', 'c.id')
          .where('m.leftAt', 'is', null)
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('memberCount'),
      (eb) =>
        eb
          .selectFrom('companyCreditEntries as e')
          .whereRef('e.companyId', '=', 'c.id')
          .where('e.kind', '=', CreditEntryKind.charge)
          .select((count) => count.fn.countAll<number>().as('n'))
          .as('onAccountOrderCount'),
    ]);
}

/** Name or credit code containing the keyword (codes are kept in capitals); LIKE's wildcards typed are matched as themselves. */
function matching(keyword: string) {
  const escaped = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql<boolean>`(c.name like ${escaped} escape '\\' or c.credit_code like ${escaped.toUpperCase()} escape '\\')`;
}

/** Companies whose name or credit code contains the keyword (all when empty), newest first. */
export async function searchCompanies(db: Kysely<Database>, keyword: string, page: number): Promise<{ rows: CompanyDeskRowData[]; total: number }> {
  let rowsQuery = companiesQuery(db);
  let countQuery = db.selectFrom('companyAccounts as c').select((eb) => eb.fn.countAll<number>().as('n'));
  if (keyword !== '') {
    rowsQuery = rowsQuery.where(matching(keyword));
    countQuery = countQuery.where(matching(keyword));
  }
  const [rows, counted] = await Promise.all([
    rowsQuery
      .orderBy('c.id', 'desc')
      .limit(companyDeskPageSize)
      .offset((page - 1) * companyDeskPageSize)
      .execute(),
    countQuery.executeTakeFirst(),
  ]);
  return { rows: rows as CompanyDeskRowData[], total: counted?.n ?? 0 };
}

export async function findCompanyForDesk(db: Kysely<Database>, companyId: number): Promise<CompanyDeskRowData | undefined> {
  return (await companiesQuery(db).where('c.id', '=', companyId).executeTakeFirst()) as CompanyDeskRowData | undefined;
}
