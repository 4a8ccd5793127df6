import type { Kysely } from 'kysely';
import { marketingDeskMessages as m } from '../../../contract/console/marketing.ts';
import { couponErrors } from '../../../contract/coupon.ts';
import { requestErrors } from '../../../contract/errors.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction, type AlongsideChange } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { countHeld, insertTemplate, stopTemplateRow, updateTemplateGuarded, upsertMarketingSetting } from './coupon-staff.repository.ts';
import { findTemplate, type CouponTemplateRow, type NewCouponTemplate } from './coupon.repository.ts';
import { findInviteRewardTemplate, inviteRewardSettingKey } from './coupon.service.ts';

export type { CouponTemplateRow } from './coupon.repository.ts';
export { countHeld as countHeldCoupons } from './coupon-staff.repository.ts';

/**
 * What staff do to coupon templates and the invite reward (the console's marketing desk calls these),
 * each in one transaction with the work the caller adds alongside (its audit entry).
 */

/** A template's columns as the marketing desk's form sets them (all but its claims and creation). */
export type CouponTemplateColumns = Omit<NewCouponTemplate, 'id' | 'claimedCount' | 'createdAt' | 'stoppedAt'>;

export async function findTemplateForStaff(db: Kysely<Database>, id: number): Promise<CouponTemplateRow> {
  const row = await findTemplate(db, id);
  if (!row) throw new AppError(couponErrors.notFound);
  return row;
}

export async function createTemplate(
  db: Kysely<Database>,
  columns: CouponTemplateColumns,
  now: number,
  alongside: AlongsideChange<{ templateId: number }>,
): Promise<number> {
  return withTransaction(db, async (trx) => {
    const templateId = await insertTemplate(trx, { ...columns, claimedCount: 0, createdAt: now });
    await alongside(trx, { templateId });
    return templateId;
  });
}

const lockedTerms = ['kind', 'faceValueCents', 'thresholdCents', 'scope', 'scopeId'] as const;

/**
 * Edits a template. Once members hold it, its terms (kind, face value, threshold, scope) stay: their
 * coupons read them. The stock may not go below the claims: checked, and guarded again in the
 * update itself against claims racing the edit. A stopped template keeps its claim window.
 */
export async function updateTemplate(
  db: Kysely<Database>,
  templateId: number,
  columns: CouponTemplateColumns,
  alongside: AlongsideChange<{ before: CouponTemplateRow; changes: CouponTemplateColumns }>,
): Promise<void> {
  await withTransaction(db, async (trx) => {
    const before = await findTemplateForStaff(trx, templateId);
    if (before.stoppedAt !== null && (columns.isInCentre === 1 || columns.isNewMemberPack === 1))
      throw new AppError(couponErrors.claimEnded, '已停发的优惠券不能再放入领券中心或新人礼包');
    const isTermsChange = lockedTerms.some((key) => before[key] !== columns[key]);
    if (isTermsChange && (await countHeld(trx, before.id)) > 0) throw new AppError(couponErrors.alreadyClaimed, m.termsLocked);
    const changes = before.stoppedAt === null ? columns : { ...columns, claimUntil: before.claimUntil };
    if (!(await updateTemplateGuarded(trx, before.id, changes))) {
      const current = await findTemplateForStaff(trx, before.id);
      throw new AppError(couponErrors.soldOut, `${m.stockBelowClaimed}（已领取 ${String(current.claimedCount)} 张）`);
    }
    await alongside(trx, { before, changes });
  });
}

/** Stops handing a template out (the centre, the pack, the invite reward); coupons already claimed keep their windows. */
export async function stopTemplate(
  db: Kysely<Database>,
  templateId: number,
  now: number,
  alongside: AlongsideChange<{ before: CouponTemplateRow; after: CouponTemplateRow }>,
): Promise<void> {
  await withTransaction(db, async (trx) => {
    const before = await findTemplateForStaff(trx, templateId);
    if (!(await stopTemplateRow(trx, templateId, now))) throw new AppError(couponErrors.claimEnded, '该优惠券已停发');
    const after = await findTemplateForStaff(trx, templateId);
    await alongside(trx, { before, after });
  });
}

/**
 * Sets the invite reward's template (null: none), replacing the configured one (INVITE_REWARD_COUPON) from
 * now on; the shop reads it at each use. A centre coupon or a stopped one cannot be the reward.
 */
export async function setInviteRewardTemplate(
  db: Kysely<Database>,
  request: { templateId: number | null; configuredRewardName: string; now: number },
  alongside: AlongsideChange<{ before: number | null; after: number | null }>,
): Promise<void> {
  const { templateId } = request;
  await withTransaction(db, async (trx) => {
    if (templateId !== null) {
      const template = await findTemplateForStaff(trx, templateId);
      if (template.isInCentre === 1) throw new AppError(requestErrors.invalid, m.rewardNotInCentre);
      if (template.stoppedAt !== null) throw new AppError(requestErrors.invalid, m.rewardStopped);
    }
    const before = await findInviteRewardTemplate(trx, request.configuredRewardName);
    await upsertMarketingSetting(trx, inviteRewardSettingKey, templateId === null ? '' : String(templateId), request.now);
    await alongside(trx, { before: before?.id ?? null, after: templateId });
  });
}
