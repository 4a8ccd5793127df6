import type { Kysely } from 'kysely';
import { requestErrors } from '../../../contract/errors.ts';
import {
  invoiceErrors,
  maxInvoiceProfiles,
  type InvoiceFields,
  type InvoiceProfile,
  type InvoiceRequest,
  type InvoiceSnapshot,
} from '../../../contract/invoice.ts';
import { invoiceFieldsSchema } from '../../../contract/invoice-requests.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { firstIssueMessage } from '../../http/validation-message.ts';
import { lockMember } from '../account/account.service.ts';
import { learnCompany } from './company.service.ts';
import {
  clearDefaultInvoiceProfile,
  countInvoiceProfileRows,
  deleteInvoiceProfileRow,
  findInvoiceProfileRow,
  findInvoiceProfileRows,
  insertInvoiceProfileRow,
  markDefaultInvoiceProfile,
  markNewestInvoiceProfileDefault,
  updateInvoiceProfileRow,
  type InvoiceProfileColumns,
  type InvoiceProfileRow,
} from './invoice.repository.ts';

// Profiles keep the address book's rule: a member with profiles has exactly one default (the
// first takes it, a deleted default passes to the newest), changed under the member's lock.

export interface InvoiceProfileInput {
  id?: number;
  isDefault?: boolean;
  invoice: InvoiceFields;
}

function fieldsOf(row: InvoiceProfileRow): InvoiceFields {
  switch (row.type) {
    case 'normal-personal':
      return { type: row.type, title: row.title };
    case 'normal-company':
      return { type: row.type, companyName: row.companyName, taxNumber: row.taxNumber };
    case 'special':
      return {
        type: row.type,
        companyName: row.companyName,
        taxNumber: row.taxNumber,
        registeredAddress: row.registeredAddress,
        registeredPhone: row.registeredPhone,
        bankName: row.bankName,
        bankAccount: row.bankAccount,
      };
  }
}

function profileOf(row: InvoiceProfileRow): InvoiceProfile {
  return { ...fieldsOf(row), id: row.id, isDefault: row.isDefault === 1 };
}

const blankColumns = { title: '', companyName: '', taxNumber: '', registeredAddress: '', registeredPhone: '', bankName: '', bankAccount: '' };

function columnsOf(invoice: InvoiceFields): InvoiceProfileColumns {
  return { ...blankColumns, ...invoice };
}

export async function listInvoiceProfiles(db: Kysely<Database>, userId: number): Promise<InvoiceProfile[]> {
  return (await findInvoiceProfileRows(db, userId)).map(profileOf);
}

async function makeDefault(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  await clearDefaultInvoiceProfile(db, userId);
  await markDefaultInvoiceProfile(db, userId, id);
}

/** Adds a profile or edits one of the member's own; a company's profile also teaches the company register. */
export async function saveInvoiceProfile(db: Kysely<Database>, userId: number, input: InvoiceProfileInput): Promise<InvoiceProfile> {
  const columns = columnsOf(input.invoice);
  return withTransaction(db, async (trx) => {
    await lockMember(trx, userId);
    const now = Date.now();
    let id: number;
    if (input.id === undefined) {
      const count = await countInvoiceProfileRows(trx, userId);
      if (count >= maxInvoiceProfiles) throw new AppError(invoiceErrors.full);
      const isDefault = count === 0 || input.isDefault === true;
      if (isDefault) await clearDefaultInvoiceProfile(trx, userId);
      id = await insertInvoiceProfileRow(trx, userId, columns, isDefault, now);
    } else {
      id = input.id;
      const existing = await findInvoiceProfileRow(trx, userId, id);
      if (!existing) throw new AppError(invoiceErrors.notFound);
      await updateInvoiceProfileRow(trx, userId, id, columns, now);
      if (input.isDefault === true && existing.isDefault !== 1) await makeDefault(trx, userId, id);
    }
    if (input.invoice.type !== 'normal-personal') await learnCompany(trx, input.invoice, now);
    const saved = await findInvoiceProfileRow(trx, userId, id);
    if (!saved) throw new AppError(invoiceErrors.notFound);
    return profileOf(saved);
  });
}

export async function deleteInvoiceProfile(db: Kysely<Database>, userId: number, id: number): Promise<InvoiceProfile[]> {
  await withTransaction(db, async (trx) => {
    await lockMember(trx, userId);
    const deleted = await deleteInvoiceProfileRow(trx, userId, id);
    if (!deleted) throw new AppError(invoiceErrors.notFound);
    if (deleted.wasDefault) await markNewestInvoiceProfileDefault(trx, userId);
  });
  return listInvoiceProfiles(db, userId);
}

/**
 * The invoice an order is placed with, for the order to keep as JSON: null for none, a copy of one
 * of the member's profiles (another member's id answers invoice.notFound), or fields typed at the
 * checkout, checked again here by the same rules as a saved profile.
 */
export async function resolveInvoiceForOrder(db: Kysely<Database>, userId: number, request: InvoiceRequest): Promise<InvoiceSnapshot | null> {
  switch (request.kind) {
    case 'none':
      return null;
    case 'profile': {
      const row = await findInvoiceProfileRow(db, userId, request.invoiceProfileId);
      if (!row) throw new AppError(invoiceErrors.notFound);
      return fieldsOf(row);
    }
    case 'inline': {
      const parsed = invoiceFieldsSchema.safeParse(request.invoice);
      if (!parsed.success) throw new AppError(requestErrors.invalid, firstIssueMessage(parsed.error));
      return parsed.data;
    }
  }
}
