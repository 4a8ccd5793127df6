import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { SendMsgType } from '../../../contract/account.ts';
import { formatBeijingDateStamp, formatBeijingTimeSeconds } from '../../../contract/time.ts';
import { uploadErrors } from '../../../contract/upload.ts';
import type { CategoryGroup } from '../../../contract/shell.ts';
import {
  annualVolumeLabels,
  SupplierApplicationStatus,
  supplierApplicationStatusLabels,
  SupplierDecision,
  supplierErrors,
  supplierLimits,
  supplierMessages,
  type AnnualVolume,
  type SupplierApplication,
  type SupplierApplicationSummary,
  type SupplierCategoryChoice,
  type SupplierProgressResponse,
} from '../../../contract/supplier.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { verifySmsCode } from '../account/sms/sms-code.service.ts';
import { checkOwnUploads, claimUploads, uploadUrl } from '../upload/upload.service.ts';
import {
  claimReview,
  findApplication,
  findApplicationsOfPhone,
  findDocuments,
  hasPendingApplication,
  insertApplication,
  insertDocuments,
  isApplicationNoConflict,
  isPendingPhoneConflict,
} from './supplier.repository.ts';
import type { SupplierApplicationRow } from './supplier.tables.ts';

function isNotOwned(error: unknown): boolean {
  return error instanceof AppError && error.errorCode === uploadErrors.notOwned.errorCode;
}

/** The catalogue's category tree (the shell's cache): the applicant picks from its top categories. */
export interface CategorySource {
  load(): Promise<CategoryGroup[]>;
}

export type SupplierDeps = Pick<ServiceDeps, 'db' | 'config'>;

/** The store's first-level categories, in the mega-menu's order, each once. */
export async function supplierCategoryChoices(categories: CategorySource): Promise<SupplierCategoryChoice[]> {
  const seen = new Map<number, SupplierCategoryChoice>();
  for (const group of await categories.load()) {
    for (const category of group.categoryList) {
      if (!seen.has(category.categoryId)) seen.set(category.categoryId, { categoryId: category.categoryId, categoryName: category.categoryName });
    }
  }
  return [...seen.values()];
}

/** GY + yymmdd (Beijing date) + 8 random digits; a clash with an earlier number is drawn again. */
export function newApplicationNo(now: number): string {
  const date = formatBeijingDateStamp(now);
  return `GY${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

function toSummary(row: SupplierApplicationRow): SupplierApplicationSummary {
  return {
    applicationNo: row.applicationNo,
    companyName: row.companyName,
    status: row.status,
    statusLabel: supplierApplicationStatusLabels[row.status],
    reason: row.reason,
    createdAt: row.createdAt,
    createdAtStr: formatBeijingTimeSeconds(row.createdAt),
    reviewedAtStr: row.reviewedAt === null ? '' : formatBeijingTimeSeconds(row.reviewedAt),
  };
}

function categoriesOf(row: SupplierApplicationRow): SupplierCategoryChoice[] {
  const parsed: unknown = JSON.parse(row.categories);
  return Array.isArray(parsed) ? (parsed as SupplierCategoryChoice[]) : [];
}

/** Everything of an application, for staff (the operations console's page comes later). */
export async function findSupplierApplication(deps: SupplierDeps, id: number): Promise<SupplierApplication> {
  const row = await findApplication(deps.db, id);
  if (!row) throw new AppError(supplierErrors.notFound);
  const documents = await findDocuments(deps.db, id);
  return {
    ...toSummary(row),
    id: row.id,
    userId: row.userId,
    creditCode: row.creditCode,
    contactName: row.contactName,
    phone: row.phone,
    categories: categoriesOf(row),
    brands: row.brands,
    annualVolume: row.annualVolume,
    annualVolumeLabel: annualVolumeLabels[row.annualVolume],
    documents: documents.map((document) => ({
      kind: document.kind,
      key: document.uploadKey,
      url: uploadUrl(deps.config, { key: document.uploadKey, provider: document.provider }),
    })),
    reviewer: row.reviewer,
    reviewedAt: row.reviewedAt,
  };
}

export interface NewSupplierApplication {
  companyName: string;
  creditCode: string;
  contactName: string;
  phone: string;
  smsCode: string;
  categoryIds: readonly number[];
  brands: string;
  annualVolume: AnnualVolume;
  licenceKeys: readonly string[];
  certificateKeys: readonly string[];
}

/** "ST, TI，ADI、 Nexperia" → "ST, TI, ADI, Nexperia": one separator, no empties or repeats. */
export function normaliseBrands(brands: string): string {
  const names = brands
    .split(/[,，、;；\n]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return [...new Set(names)].join(', ');
}

/**
 * A member applies for their company (待审核). The categories must be the store's top categories;
 * the contact phone proves itself with its SMS code (SendMsgType.supplier, spent here; a code of
 * another purpose is no code for this), after every other check, so a refused form keeps its code.
 * The documents must be the member's own supplierDocument uploads, claimed in the same transaction
 * as the application is written. One pending application
 * per phone: supplier_applications_pending_phone decides between racing submissions.
 */
export async function applyAsSupplier(
  deps: SupplierDeps & { categories: CategorySource },
  userId: number,
  application: NewSupplierApplication,
  now = Date.now(),
): Promise<SupplierApplicationSummary> {
  const choices = new Map((await supplierCategoryChoices(deps.categories)).map((choice) => [choice.categoryId, choice]));
  const chosen = [...new Set(application.categoryIds)].map((id) => choices.get(id));
  if (chosen.some((choice) => choice === undefined)) throw new AppError(supplierErrors.categoryUnknown);
  if (await hasPendingApplication(deps.db, application.phone)) throw new AppError(supplierErrors.alreadyPending);
  const kinds = new Map<string, 'licence' | 'certificate'>();
  for (const key of application.licenceKeys) kinds.set(key, 'licence');
  for (const key of application.certificateKeys) if (!kinds.has(key)) kinds.set(key, 'certificate');
  const documents = [...kinds].map(([key, kind]) => ({ key, kind }));
  const keys = documents.map((document) => document.key);
  // Everything that can be refused is checked before the SMS code is spent.
  await checkOwnUploads(deps, { userId, purpose: 'supplierDocument', keys }, now).catch((error: unknown) => {
    throw isNotOwned(error) ? new AppError(uploadErrors.notOwned, supplierMessages.documentNotOwned) : error;
  });
  await verifySmsCode(deps.db, { phone: application.phone, purpose: SendMsgType.supplier, code: application.smsCode, now });
  for (let attempt = 1; ; attempt += 1) {
    try {
      const id = await withTransaction(deps.db, async (trx) => {
        const applicationId = await insertApplication(trx, {
          applicationNo: newApplicationNo(now),
          userId,
          companyName: application.companyName,
          creditCode: application.creditCode,
          contactName: application.contactName,
          phone: application.phone,
          categories: JSON.stringify(chosen),
          brands: normaliseBrands(application.brands),
          annualVolume: application.annualVolume,
          status: SupplierApplicationStatus.pending,
          createdAt: now,
          reviewedAt: null,
        });
        const uploads = await claimUploads({ db: trx, config: deps.config }, { userId, purpose: 'supplierDocument', keys }, now);
        const providers = new Map(uploads.map((upload) => [upload.key, upload.provider]));
        await insertDocuments(
          trx,
          documents.map((document, position) => ({
            applicationId,
            kind: document.kind,
            uploadKey: document.key,
            provider: providers.get(document.key) ?? 'local',
            position,
          })),
        );
        return applicationId;
      });
      const row = await findApplication(deps.db, id);
      if (!row) throw new AppError(supplierErrors.notFound);
      return toSummary(row);
    } catch (error) {
      if (isPendingPhoneConflict(error)) throw new AppError(supplierErrors.alreadyPending);
      if (!isApplicationNoConflict(error) || attempt >= 3) throw error;
    }
  }
}

/** 查询进度: the phone's applications, newest first, once its SMS code (SendMsgType.supplier) is given; the code is spent. */
export async function lookUpSupplierProgress(
  db: Kysely<Database>,
  request: { phone: string; smsCode: string; now?: number },
): Promise<SupplierProgressResponse> {
  await verifySmsCode(db, { phone: request.phone, purpose: SendMsgType.supplier, code: request.smsCode, now: request.now ?? Date.now() });
  const rows = await findApplicationsOfPhone(db, request.phone, supplierLimits.progressMax);
  return { applications: rows.map(toSummary) };
}

export interface SupplierReview {
  applicationId: number;
  decision: SupplierDecision;
  /** Required to reject; an approval may carry a note. */
  reason: string;
  /** The staff member deciding. */
  reviewer: string;
  now?: number;
}

/**
 * Staff approve or reject a pending application, once: the conditional update lets exactly one of
 * concurrent reviews through; the others, and any review of a decided application, answer notPending.
 */
export async function reviewSupplierApplication(db: Kysely<Database>, review: SupplierReview): Promise<SupplierApplicationSummary> {
  const reason = review.reason.trim();
  const reviewer = review.reviewer.trim();
  if (!reviewer || Array.from(reviewer).length > supplierLimits.reviewerMax) throw new AppError(supplierErrors.reviewerMissing);
  if (review.decision === SupplierDecision.reject && !reason) throw new AppError(supplierErrors.reasonMissing);
  if (Array.from(reason).length > supplierLimits.reasonMax) throw new AppError(supplierErrors.reasonLong);
  const status = review.decision === SupplierDecision.approve ? SupplierApplicationStatus.approved : SupplierApplicationStatus.rejected;
  const isDecided = await claimReview(db, { id: review.applicationId, status, reason, reviewer, now: review.now ?? Date.now() });
  const row = await findApplication(db, review.applicationId);
  if (!row) throw new AppError(supplierErrors.notFound);
  if (!isDecided) throw new AppError(supplierErrors.notPending);
  return toSummary(row);
}
