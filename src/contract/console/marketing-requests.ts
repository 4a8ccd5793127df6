import { z } from 'zod';
import { couponDeskSortColumns, couponDeskStates, marketingDeskLimits as limits, marketingDeskMessages as m } from './marketing.ts';
import { couponKinds, couponScopes } from '../coupon.ts';
import { gridBulkMax } from '../staff-grid.ts';
import { gridQuerySchema, gridTextFilter } from '../staff-grid-requests.ts';

const templateId = z.number(m.templateIdInvalid).int(m.templateIdInvalid).min(1, m.templateIdInvalid).max(2_147_483_647, m.templateIdInvalid);
const epochMs = (message: string) => z.number(message).int(message).min(0, message).max(9_999_999_999_999, message);
const intIn = (min: number, max: number, message: string) => z.number(message).int(message).min(min, message).max(max, message);

/** The coupon form: terms, validity (days after claiming or a fixed window), the claim window, stock and limits. */
export const couponFormSchema = z
  .object({
    name: z.string(m.nameMissing).trim().min(1, m.nameMissing).max(limits.nameMax, m.nameLong),
    kind: z.enum(couponKinds, m.kindInvalid),
    faceValueCents: intIn(1, limits.faceValueMaxCents, m.faceValueInvalid),
    thresholdCents: intIn(0, limits.thresholdMaxCents, m.thresholdInvalid),
    scope: z.enum(couponScopes, m.scopeInvalid),
    scopeId: templateId.nullable(),
    validDays: intIn(1, limits.validDaysMax, m.validityInvalid).nullable(),
    validFrom: epochMs(m.validityInvalid).nullable(),
    validUntil: epochMs(m.validityInvalid).nullable(),
    claimFrom: epochMs(m.claimWindowInvalid),
    claimUntil: epochMs(m.claimWindowInvalid).nullable(),
    totalStock: intIn(1, limits.stockMax, m.stockInvalid).nullable(),
    perMemberLimit: intIn(1, limits.perMemberMax, m.perMemberInvalid),
    isInCentre: z.boolean(),
    isNewMemberPack: z.boolean(),
    sort: intIn(0, 9999, m.sortInvalid).default(0),
  })
  .superRefine((form, context) => {
    const problem = (message: string) => context.addIssue({ code: 'custom', message });
    if (form.scope !== 'all' && form.scopeId === null) problem(m.scopeTargetMissing);
    if (form.kind === 'freight' && form.scope !== 'all') problem(m.scopeInvalid);
    if (form.thresholdCents > 0 && form.faceValueCents >= form.thresholdCents) problem(m.faceOverThreshold);
    const isDays = form.validDays !== null && form.validFrom === null && form.validUntil === null;
    const isWindow = form.validDays === null && form.validFrom !== null && form.validUntil !== null;
    if (!isDays && !isWindow) problem(m.validityInvalid);
    else if (isWindow && (form.validUntil ?? 0) <= (form.validFrom ?? 0)) problem(m.windowInvalid);
    if (form.claimUntil !== null && form.claimUntil <= form.claimFrom) problem(m.claimWindowInvalid);
    if (form.isNewMemberPack && form.isInCentre) problem(m.packNotInCentre);
  });

/** 营销管理 (content role: manage Coupon). */
export const marketingDeskRequests = {
  list: gridQuerySchema(couponDeskSortColumns, {
    name: gridTextFilter(limits.nameMax),
    state: z.enum(couponDeskStates, m.stateInvalid).optional(),
    scope: z.enum(couponScopes, m.scopeInvalid).optional(),
  }),
  detail: z.object({ templateId }),
  create: couponFormSchema,
  update: z.object({ templateId, form: couponFormSchema }),
  stop: z.object({ templateId }),
  /** 批量停发: each coupon as stop; one already stopped is reported, the others stop. */
  bulkStop: z.object({ templateIds: z.array(templateId, m.couponsMissing).min(1, m.couponsMissing).max(gridBulkMax, m.bulkTooMany) }),
  settings: z.object({}),
  setInviteReward: z.object({ templateId: templateId.nullable() }),
};
