import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import {
  couponDeskStateLabels,
  couponKindLabels,
  marketingDeskMessages as m,
  type CouponDeskDetail,
  type CouponDeskPage,
  type CouponDeskRow,
  type CouponDeskState,
  type CouponFormValues,
  type CouponScopeOptions,
  type MarketingSettings,
} from '../../../contract/admin-marketing.ts';
import type { marketingDeskRequests } from '../../../contract/admin-marketing-requests.ts';
import { brandDisplayName } from '../../../contract/catalog.ts';
import { couponErrors, formatBeijingTime, offerText, scopeText, templateValidityText } from '../../../contract/coupon.ts';
import { requestErrors } from '../../../contract/errors.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import type { Database } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { findInviteRewardTemplate, inviteRewardSettingKey } from '../coupon/coupon.service.ts';
import type { CouponTemplatesTable } from '../coupon/coupon.tables.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { changeEachOfBulk } from '../staff/grid-bulk.ts';
import type { GridBulkResult } from '../../../contract/staff-grid.ts';
import {
  findCouponsForExport,
  countHeld,
  findBrandName,
  findBrandOptions,
  findCategory,
  findCategoryOptions,
  findCouponDeskPage,
  findPackRows,
  findRewardChoices,
  findTemplateRow,
  insertTemplate,
  stopTemplate,
  updateTemplateGuarded,
  upsertSetting,
} from './marketing-desk.repository.ts';

type Requests = typeof marketingDeskRequests;
type TemplateRow = Selectable<CouponTemplatesTable>;

export interface MarketingDeskDeps {
  db: Kysely<Database>;
  /** INVITE_REWARD_COUPON: the invite reward until staff set one. */
  configuredRewardName: string;
}

export interface StaffActor {
  staff: StaffIdentity;
  ip: string;
}

export function couponDeskStateOf(row: TemplateRow, now: number): CouponDeskState {
  if (row.stoppedAt !== null) return 'stopped';
  if ((row.claimUntil !== null && row.claimUntil <= now) || (row.validUntil !== null && row.validUntil <= now)) return 'ended';
  if (row.claimFrom > now) return 'notStarted';
  if (row.totalStock !== null && row.claimedCount >= row.totalStock) return 'soldOut';
  return 'active';
}

function rowOf(row: TemplateRow, now: number, rewardId: number | null): CouponDeskRow {
  const state = couponDeskStateOf(row, now);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    kindLabel: couponKindLabels[row.kind],
    scope: row.scope,
    scopeText: scopeText(row),
    offerText: offerText(row),
    totalStock: row.totalStock,
    claimedCount: row.claimedCount,
    perMemberLimit: row.perMemberLimit,
    isInCentre: row.isInCentre === 1,
    isNewMemberPack: row.isNewMemberPack === 1,
    isInviteReward: row.id === rewardId,
    state,
    stateLabel: couponDeskStateLabels[state],
    validityText: templateValidityText(row),
    claimWindowText: `${formatBeijingTime(row.claimFrom)} 起${row.claimUntil === null ? '' : `，至 ${formatBeijingTime(row.claimUntil)}`}`,
    createdAtStr: formatBeijingTime(row.createdAt),
  };
}

async function rewardIdOf(deps: MarketingDeskDeps): Promise<number | null> {
  return (await findInviteRewardTemplate(deps.db, deps.configuredRewardName))?.id ?? null;
}

/** 营销管理's grid: by name, state and scope; sorted by creation or claims. */
export async function listCouponDesk(deps: MarketingDeskDeps, query: z.output<Requests['list']>, now = Date.now()): Promise<CouponDeskPage> {
  const [page, rewardId] = await Promise.all([findCouponDeskPage(deps.db, query.filters, query, now), rewardIdOf(deps)]);
  return { ...page, rows: page.rows.map((row) => rowOf(row, now, rewardId)) };
}

function formOf(row: TemplateRow): CouponFormValues {
  return {
    name: row.name,
    kind: row.kind,
    faceValueCents: row.faceValueCents,
    thresholdCents: row.thresholdCents,
    scope: row.scope,
    scopeId: row.scopeId,
    validDays: row.validDays,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    claimFrom: row.claimFrom,
    claimUntil: row.claimUntil,
    totalStock: row.totalStock,
    perMemberLimit: row.perMemberLimit,
    isInCentre: row.isInCentre === 1,
    isNewMemberPack: row.isNewMemberPack === 1,
    sort: row.sort,
  };
}

async function detailOf(db: Kysely<Database>, row: TemplateRow, rewardId: number | null, now: number): Promise<CouponDeskDetail> {
  const state = couponDeskStateOf(row, now);
  return {
    ...formOf(row),
    id: row.id,
    claimedCount: row.claimedCount,
    heldCount: await countHeld(db, row.id),
    state,
    stateLabel: couponDeskStateLabels[state],
    isInviteReward: row.id === rewardId,
    isStopped: row.stoppedAt !== null,
  };
}

async function templateOrThrow(db: Kysely<Database>, id: number): Promise<TemplateRow> {
  const row = await findTemplateRow(db, id);
  if (!row) throw new AppError(couponErrors.notFound);
  return row;
}

export async function loadCouponDeskDetail(deps: MarketingDeskDeps, templateId: number, now = Date.now()): Promise<CouponDeskDetail> {
  return detailOf(deps.db, await templateOrThrow(deps.db, templateId), await rewardIdOf(deps), now);
}

/** Brands and categories a coupon may be limited to (the form's choices). */
export async function loadScopeOptions(db: Kysely<Database>): Promise<CouponScopeOptions> {
  const [brands, categories] = await Promise.all([findBrandOptions(db), findCategoryOptions(db)]);
  const firstNames = new Map(categories.filter((row) => row.level === 1).map((row) => [row.id, row.name]));
  return {
    brands: brands.map((row) => ({ id: row.id, name: brandDisplayName(row.nameEn, row.nameCn) })),
    categories: categories.map((row) => ({ id: row.id, name: row.level === 1 ? row.name : `${firstNames.get(row.parentId ?? 0) ?? ''} › ${row.name}` })),
  };
}

/** The scope's id, first-level parent and name as the shop shows it; the brand or category must exist. */
async function scopeColumnsOf(db: Kysely<Database>, form: CouponFormValues) {
  if (form.kind === 'freight' || form.scope === 'all' || form.scopeId === null) {
    return { scope: 'all' as const, scopeId: null, scopeParentId: null, scopeName: '' };
  }
  if (form.scope === 'brand') {
    const brand = await findBrandName(db, form.scopeId);
    if (!brand) throw new AppError(requestErrors.invalid, m.scopeTargetUnknown);
    return { scope: form.scope, scopeId: form.scopeId, scopeParentId: null, scopeName: brandDisplayName(brand.nameEn, brand.nameCn) };
  }
  const category = await findCategory(db, form.scopeId);
  if (!category) throw new AppError(requestErrors.invalid, m.scopeTargetUnknown);
  return { scope: form.scope, scopeId: category.id, scopeParentId: category.level === 2 ? category.parentId : null, scopeName: category.name };
}

async function columnsOf(db: Kysely<Database>, form: CouponFormValues) {
  const isDays = form.validDays !== null;
  return {
    name: form.name,
    kind: form.kind,
    faceValueCents: form.faceValueCents,
    thresholdCents: form.thresholdCents,
    ...(await scopeColumnsOf(db, form)),
    validDays: isDays ? form.validDays : null,
    validFrom: isDays ? null : form.validFrom,
    validUntil: isDays ? null : form.validUntil,
    claimFrom: form.claimFrom,
    claimUntil: form.claimUntil,
    totalStock: form.totalStock,
    perMemberLimit: form.perMemberLimit,
    isInCentre: form.isInCentre ? 1 : 0,
    isNewMemberPack: form.isNewMemberPack ? 1 : 0,
    sort: form.sort,
  };
}

function audited(actor: StaffActor, action: string, subjectId: number | string, before: unknown, after: unknown) {
  return { staff: actor.staff, action, subject: 'Coupon' as const, subjectId, before, after, ip: actor.ip };
}

export async function createCoupon(
  deps: MarketingDeskDeps,
  actor: StaffActor,
  form: z.output<Requests['create']>,
  now = Date.now(),
): Promise<CouponDeskDetail> {
  const columns = await columnsOf(deps.db, form);
  const id = await withTransaction(deps.db, async (trx) => {
    const templateId = await insertTemplate(trx, { ...columns, claimedCount: 0, createdAt: now });
    await recordStaffChange(trx, audited(actor, 'create', templateId, null, columns));
    return templateId;
  });
  return loadCouponDeskDetail(deps, id, now);
}

const lockedTerms = ['kind', 'faceValueCents', 'thresholdCents', 'scope', 'scopeId'] as const;

/**
 * Edits a coupon. Once members hold it, its terms (kind, face value, threshold, scope) stay: their
 * coupons read them. The stock may not go below the claims: checked, and guarded again in the
 * update itself against claims racing the edit.
 */
export async function updateCoupon(
  deps: MarketingDeskDeps,
  actor: StaffActor,
  request: z.output<Requests['update']>,
  now = Date.now(),
): Promise<CouponDeskDetail> {
  const columns = await columnsOf(deps.db, request.form);
  await withTransaction(deps.db, async (trx) => {
    const before = await templateOrThrow(trx, request.templateId);
    if (before.stoppedAt !== null && (columns.isInCentre === 1 || columns.isNewMemberPack === 1))
      throw new AppError(couponErrors.claimEnded, '已停发的优惠券不能再放入领券中心或新人礼包');
    const isTermsChange = lockedTerms.some((key) => before[key] !== columns[key]);
    if (isTermsChange && (await countHeld(trx, before.id)) > 0) throw new AppError(couponErrors.alreadyClaimed, m.termsLocked);
    const changes = before.stoppedAt === null ? columns : { ...columns, claimUntil: before.claimUntil };
    if (!(await updateTemplateGuarded(trx, before.id, changes))) {
      const current = await templateOrThrow(trx, before.id);
      throw new AppError(couponErrors.soldOut, `${m.stockBelowClaimed}（已领取 ${String(current.claimedCount)} 张）`);
    }
    await recordStaffChange(trx, audited(actor, 'update', before.id, formOf(before), changes));
  });
  return loadCouponDeskDetail(deps, request.templateId, now);
}

/** Stops handing a coupon out (the centre, the pack, the invite reward); coupons already claimed keep their windows. */
export async function stopCoupon(deps: MarketingDeskDeps, actor: StaffActor, templateId: number, now = Date.now()): Promise<CouponDeskDetail> {
  await withTransaction(deps.db, async (trx) => {
    const before = await templateOrThrow(trx, templateId);
    if (!(await stopTemplate(trx, templateId, now))) throw new AppError(couponErrors.claimEnded, '该优惠券已停发');
    const after = await templateOrThrow(trx, templateId);
    await recordStaffChange(
      trx,
      audited(
        actor,
        'stop',
        templateId,
        { claimUntil: before.claimUntil, isNewMemberPack: before.isNewMemberPack, stoppedAt: null },
        {
          claimUntil: after.claimUntil,
          isNewMemberPack: after.isNewMemberPack,
          stoppedAt: after.stoppedAt,
        },
      ),
    );
  });
  return loadCouponDeskDetail(deps, templateId, now);
}

/** 批量停发: each coupon as stopCoupon (audited alone); one already stopped or gone is reported. */
export function bulkStopCoupons(deps: MarketingDeskDeps, actor: StaffActor, templateIds: readonly number[], now = Date.now()): Promise<GridBulkResult> {
  return changeEachOfBulk(templateIds, (templateId) => stopCoupon(deps, actor, templateId, now));
}

/** The coupon grid's rows for its Excel export. */
export async function exportCouponDesk(
  deps: MarketingDeskDeps,
  query: Pick<z.output<Requests['list']>, 'filters' | 'sort'>,
  now = Date.now(),
): Promise<CouponDeskRow[]> {
  const [rows, rewardId] = await Promise.all([findCouponsForExport(deps.db, query.filters, query.sort, now), rewardIdOf(deps)]);
  return rows.map((row) => rowOf(row, now, rewardId));
}

export async function loadMarketingSettings(deps: MarketingDeskDeps, now = Date.now()): Promise<MarketingSettings> {
  const [reward, choices, pack] = await Promise.all([
    findInviteRewardTemplate(deps.db, deps.configuredRewardName),
    findRewardChoices(deps.db),
    findPackRows(deps.db),
  ]);
  return {
    inviteRewardTemplateId: reward?.id ?? null,
    inviteRewardName: reward?.name ?? '',
    rewardChoices: choices,
    pack: pack.map((row) => rowOf(row, now, reward?.id ?? null)),
  };
}

/** Sets the invite reward's coupon (null: none), replacing INVITE_REWARD_COUPON from now on; read by the shop at each use. */
export async function setInviteReward(deps: MarketingDeskDeps, actor: StaffActor, templateId: number | null, now = Date.now()): Promise<MarketingSettings> {
  await withTransaction(deps.db, async (trx) => {
    if (templateId !== null) {
      const template = await templateOrThrow(trx, templateId);
      if (template.isInCentre === 1) throw new AppError(requestErrors.invalid, m.rewardNotInCentre);
      if (template.stoppedAt !== null) throw new AppError(requestErrors.invalid, m.rewardStopped);
    }
    const before = await findInviteRewardTemplate(trx, deps.configuredRewardName);
    await upsertSetting(trx, inviteRewardSettingKey, templateId === null ? '' : String(templateId), now);
    await recordStaffChange(trx, audited(actor, 'setInviteReward', inviteRewardSettingKey, { templateId: before?.id ?? null }, { templateId }));
  });
  return loadMarketingSettings(deps, now);
}
