import type { Kysely } from 'kysely';
import { companyQueryLimits, invoiceErrors, isCompanyQuery, type CompanyInfo, type CompanyInvoice, type SpecialInvoice } from '../../../contract/invoice.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import {
  countCompaniesWithTaxNumbers,
  findCompanyByName,
  findCompanyNames,
  insertRegisteredCompanies,
  upsertLearntCompany,
  type CompanyColumns,
} from './company.repository.ts';

/**
 * The company register behind the invoice form's autocomplete: companies the store loads
 * (verified) and those its members have put on company invoice profiles.
 */

/** Each member's lookups (names and info together): typing with a 200 ms debounce stays far below. */
export const companyLookupLimits = { perWindow: 120, windowSeconds: 60 } as const;

export function companyLookupKey(userId: number): string {
  return `company-lookup:user:${userId}`;
}

async function spendLookup(deps: Pick<ServiceDeps, 'counters'>, userId: number): Promise<void> {
  const { perWindow, windowSeconds } = companyLookupLimits;
  const spent = await deps.counters.consume(companyLookupKey(userId), perWindow, windowSeconds);
  if (!spent.isAllowed) throw new AppError(invoiceErrors.lookupTooFrequent);
}

/** queryCompanyNameList: up to 10 names containing the text, any case; fewer than 2 characters answer none. */
export async function queryCompanyNames(deps: Pick<ServiceDeps, 'db' | 'counters'>, userId: number, name: string): Promise<string[]> {
  if (!isCompanyQuery(name)) return [];
  await spendLookup(deps, userId);
  return findCompanyNames(deps.db, name.trim().toLowerCase(), companyQueryLimits.maxNames);
}

/** queryCompanyInfo: the company of exactly this name (any case), or null. */
export async function queryCompanyInfo(deps: Pick<ServiceDeps, 'db' | 'counters'>, userId: number, name: string): Promise<CompanyInfo | null> {
  if (!isCompanyQuery(name)) return null;
  await spendLookup(deps, userId);
  const row = await findCompanyByName(deps.db, name.trim());
  if (!row) return null;
  return {
    name: row.name,
    taxNumber: row.taxNumber,
    registeredAddress: row.registeredAddress,
    registeredPhone: row.registeredPhone,
    bankName: row.bankName,
    bankAccount: row.bankAccount,
  };
}

/** A company invoice profile teaches the register its company (upsert by tax number; verified rows stay as loaded). */
export function learnCompany(db: Kysely<Database>, invoice: CompanyInvoice | SpecialInvoice, now: number): Promise<void> {
  const details =
    invoice.type === 'special'
      ? { registeredAddress: invoice.registeredAddress, registeredPhone: invoice.registeredPhone, bankName: invoice.bankName, bankAccount: invoice.bankAccount }
      : { registeredAddress: '', registeredPhone: '', bankName: '', bankAccount: '' };
  return upsertLearntCompany(db, { name: invoice.companyName, taxNumber: invoice.taxNumber, ...details }, now);
}

/** Loads the store's register (the seed's companies) as verified. */
export function loadCompanyRegister(db: Kysely<Database>, companies: readonly CompanyColumns[]): Promise<void> {
  return insertRegisteredCompanies(db, companies, Date.now());
}

/**
 * Adds the companies of a register the store does not hold yet (a store created before the register
 * existed, or before companies were added to it): one count when all are there; a tax number the
 * store already knows, learnt from a member's profile or not, is left as it is. True when it loaded.
 */
export async function topUpCompanyRegister(db: Kysely<Database>, companies: readonly CompanyColumns[]): Promise<boolean> {
  const present = await countCompaniesWithTaxNumbers(
    db,
    companies.map((company) => company.taxNumber),
  );
  if (present >= companies.length) return false;
  await loadCompanyRegister(db, companies);
  return true;
}
