import type { Kysely } from 'kysely';
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
} from '../../../contract/console/marketing.ts';
import type { marketingDeskRequests } from '../../../contract/console/marketing-requests.ts';
import { brandDisplayName } from '../../../contract/catalog.ts';
import { offerText, scopeText, templateValidityText } from '../../../contract/coupon.ts';
import { requestErrors } from '../../../contract/errors.ts';
import type { StaffIdentity } from '../../../contract/staff.ts';
import { formatBeijingTime } from '../../../contract/time.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  countHeldCoupons,
  createTemplate,
  findTemplateForStaff,
  setInviteRewardTemplate,
  stopTemplate,
  updateTemplate,
  type CouponTemplateRow,
} from '../coupon/coupon-staff.service.ts';
import { findInviteRewardTemplate, inviteRewardSettingKey } from '../coupon/coupon.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import { changeEachOfBulk } from '../staff/grid-bulk.ts';
import type { GridBulkResult } from '../../../contract/staff-grid.ts';
import {
  findCouponsForExport,
  findBrandName,
  findBrandOptions,
  findCategory,
  findCategoryOptions,
  findCouponDeskPage,
  findPackRows,
  findRewardChoices,
} from './marketing-desk.repository.ts';

type Requests = typeof marketingDeskRequests;
type TemplateRow = CouponTemplateRow;

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
    heldCount: await countHeldCoupons(db, row.id),
    state,
    stateLabel: couponDeskStateLabels[state],
    isInviteReward: row.id === rewardId,
    isStopped: row.stoppedAt !== null,
  };
}

export async function loadCouponDeskDetail(deps: MarketingDeskDeps, templateId: number, now = Date.now()): Promise<CouponDeskDetail> {
  return detailOf(deps.db, await findTemplateForStaff(deps.db, templateId), await rewardIdOf(deps), now);
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
  const id = await createTemplate(deps.db, columns, now, async (trx, { templateId }) => {
    await recordStaffChange(trx, audited(actor, 'create', templateId, null, columns));
  });
  return loadCouponDeskDetail(deps, id, now);
}

/**
 * Edits a coupon through the coupon feature (once members hold it, its terms stay; the stock may not
 * go below the claims), audited in the edit's transaction.
 */
export async function updateCoupon(
  deps: MarketingDeskDeps,
  actor: StaffActor,
  request: z.output<Requests['update']>,
  now = Date.now(),
): Promise<CouponDeskDetail> {
  const columns = await columnsOf(deps.db, request.form);
  await updateTemplate(deps.db, request.templateId, columns, async (trx, { before, changes }) => {
    await recordStaffChange(trx, audited(actor, 'update', before.id, formOf(before), changes));
  });
  return loadCouponDeskDetail(deps, request.templateId, now);
}

/** Stops handing a coupon out (the centre, the pack, the invite reward); coupons already claimed keep their windows. */
export async function stopCoupon(deps: MarketingDeskDeps, actor: StaffActor, templateId: number, now = Date.now()): Promise<CouponDeskDetail> {
  await stopTemplate(deps.db, templateId, now, async (trx, { before, after }) => {
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
  await setInviteRewardTemplate(deps.db, { templateId, configuredRewardName: deps.configuredRewardName, now }, async (trx, change) => {
    await recordStaffChange(trx, audited(actor, 'setInviteReward', inviteRewardSettingKey, { templateId: change.before }, { templateId: change.after }));
  });
  return loadMarketingSettings(deps, now);
}
