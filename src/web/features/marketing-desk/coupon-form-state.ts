import type { CouponDeskDetail, CouponFormValues } from '../../../contract/console/marketing.ts';
import type { CouponKind, CouponScope } from '../../../contract/coupon.ts';
import { centsOfYuanText, shortYuanTextOfCents } from '../../../contract/money.ts';
import { formatBeijingInput, parseBeijingInput } from '../../../contract/time.ts';

/** The coupon form as its controls hold it (text), turned into the call's values on save. */
export interface CouponFormText {
  name: string;
  kind: CouponKind;
  faceValue: string;
  threshold: string;
  scope: CouponScope;
  scopeId: string;
  validityMode: 'days' | 'window';
  validDays: string;
  validFrom: string;
  validUntil: string;
  claimFrom: string;
  claimUntil: string;
  totalStock: string;
  perMemberLimit: string;
  isInCentre: boolean;
  isNewMemberPack: boolean;
  sort: string;
}

export function formTextOf(coupon: CouponDeskDetail | null, now: number): CouponFormText {
  if (!coupon) {
    return {
      name: '',
      kind: 'goods',
      faceValue: '',
      threshold: '0',
      scope: 'all',
      scopeId: '',
      validityMode: 'days',
      validDays: '30',
      validFrom: '',
      validUntil: '',
      claimFrom: formatBeijingInput(now),
      claimUntil: '',
      totalStock: '',
      perMemberLimit: '1',
      isInCentre: true,
      isNewMemberPack: false,
      sort: '0',
    };
  }
  return {
    name: coupon.name,
    kind: coupon.kind,
    faceValue: shortYuanTextOfCents(coupon.faceValueCents),
    threshold: shortYuanTextOfCents(coupon.thresholdCents),
    scope: coupon.scope,
    scopeId: coupon.scopeId === null ? '' : String(coupon.scopeId),
    validityMode: coupon.validDays === null ? 'window' : 'days',
    validDays: coupon.validDays === null ? '' : String(coupon.validDays),
    validFrom: coupon.validFrom === null ? '' : formatBeijingInput(coupon.validFrom),
    validUntil: coupon.validUntil === null ? '' : formatBeijingInput(coupon.validUntil),
    claimFrom: formatBeijingInput(coupon.claimFrom),
    claimUntil: coupon.claimUntil === null ? '' : formatBeijingInput(coupon.claimUntil),
    totalStock: coupon.totalStock === null ? '' : String(coupon.totalStock),
    perMemberLimit: String(coupon.perMemberLimit),
    isInCentre: coupon.isInCentre,
    isNewMemberPack: coupon.isNewMemberPack,
    sort: String(coupon.sort),
  };
}

/** Yuan with up to two decimals in cents; NaN otherwise (the server's schema then says what is wrong). */
function centsOf(text: string): number {
  return centsOfYuanText(text, 9) ?? Number.NaN;
}

function intOf(text: string): number {
  return /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

/** A datetime-local value as Beijing time: null when empty, NaN when malformed (the server's schema then says so). */
function timeOf(text: string): number {
  return parseBeijingInput(text) ?? Number.NaN;
}

function timeOrNull(text: string): number | null {
  return text === '' ? null : timeOf(text);
}

export function formValuesOf(text: CouponFormText): CouponFormValues {
  const isDays = text.validityMode === 'days';
  const scope = text.kind === 'freight' ? 'all' : text.scope;
  return {
    name: text.name,
    kind: text.kind,
    faceValueCents: centsOf(text.faceValue),
    thresholdCents: text.threshold.trim() === '' ? 0 : centsOf(text.threshold),
    scope,
    scopeId: scope === 'all' || text.scopeId === '' ? null : Number(text.scopeId),
    validDays: isDays ? intOf(text.validDays) : null,
    validFrom: isDays ? null : timeOrNull(text.validFrom),
    validUntil: isDays ? null : timeOrNull(text.validUntil),
    claimFrom: timeOf(text.claimFrom),
    claimUntil: timeOrNull(text.claimUntil),
    totalStock: text.totalStock.trim() === '' ? null : intOf(text.totalStock),
    perMemberLimit: intOf(text.perMemberLimit),
    isInCentre: text.isInCentre,
    isNewMemberPack: text.isNewMemberPack,
    sort: text.sort.trim() === '' ? 0 : intOf(text.sort),
  };
}

/** A value the browser could not read as a number goes as null-safe garbage the schema refuses with its Chinese message. */
export function firstLocalProblem(values: CouponFormValues): string {
  if (Number.isNaN(values.faceValueCents)) return '面额须为0.01至100000元';
  if (Number.isNaN(values.thresholdCents)) return '使用门槛须为0至1000000元（0为无门槛）';
  if (Number.isNaN(values.claimFrom)) return '请填写领取开始时间';
  if ([values.validDays, values.validFrom, values.validUntil].some((value) => value !== null && Number.isNaN(value)))
    return '请填写有效期：领取后天数（1-3650），或开始和结束时间';
  if (values.totalStock !== null && Number.isNaN(values.totalStock)) return '发放总量须为1至10000000的整数，不填为不限';
  if (Number.isNaN(values.perMemberLimit)) return '每人限领须为1至100的整数';
  return '';
}
