import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';

/**
 * 月结 and 对账单 (issue 28, decision 0030): staff grant a company a credit limit (额度) and terms (账期, days);
 * its members whose role may pay on account (采购, 管理员) pay an order at the cashier with 月结支付 against the
 * limit; each Beijing month's on-account payments and refunds make one 对账单 per company, issued when the
 * month ends and due `terms` days later; staff record the company's transfer to settle it. A statement past
 * its due date holds new on-account payments until it is settled. Amounts in cents.
 */
export const companyStatementsPath = '/user/company/statements';
export const companyDeskPath = '/admin/companies';

export const StatementStatus = { open: 'open', issued: 'issued', overdue: 'overdue', settled: 'settled' } as const;
export type StatementStatus = (typeof StatementStatus)[keyof typeof StatementStatus];
export type StatementEvent = 'issue' | 'closeEmpty' | 'becomeOverdue' | 'settle';

export const CreditEntryKind = { charge: 'charge', refund: 'refund', settlement: 'settlement' } as const;
export type CreditEntryKind = (typeof CreditEntryKind)[keyof typeof CreditEntryKind];

export const creditEntryKindLabels: Record<CreditEntryKind, string> = {
  charge: '月结支付',
  refund: '退款',
  settlement: '结清',
};

export const companyCreditLimits = {
  /** ¥10,000,000.00 */
  maxLimitCents: 1_000_000_000,
  minTermsDays: 1,
  maxTermsDays: 180,
  noteMax: 100,
} as const;

/** The statements' downloads: GET, as the order documents. */
export function statementDownloadPath(statementId: number | string, kind: 'pdf' | 'xlsx'): string {
  return `${companyStatementsPath}/${String(statementId)}.${kind}`;
}

export function statementFileName(companyName: string, period: string, kind: 'pdf' | 'xlsx'): string {
  return `对账单-${companyName}-${period}.${kind}`;
}

export const companyCreditErrors = defineErrors('companyCredit', {
  notGranted: { code: ResultCode.conflict, msg: '贵司尚未开通月结，请选择其他支付方式' },
  overLimit: { code: ResultCode.conflict, msg: '月结可用额度不足，请选择其他支付方式或联系财务结清对账单' },
  overdue: { code: ResultCode.conflict, msg: '贵司有逾期未结清的对账单，月结支付已暂停，请结清后再试或选择其他支付方式' },
  roleMayNotCharge: { code: ResultCode.forbidden, msg: '您在企业中的角色不能使用月结支付，请联系企业管理员' },
  companyMissing: { code: ResultCode.notFound, msg: '企业不存在，请刷新页面' },
  statementMissing: { code: ResultCode.notFound, msg: '对账单不存在，请刷新页面' },
  limitBelowUsed: { code: ResultCode.conflict, msg: '新的额度低于已用额度，请先结清对账单或设置更高额度' },
  changedMeanwhile: { code: ResultCode.conflict, msg: '对账单状态已被他人更改，请刷新后重试' },
  forbidden: { code: ResultCode.forbidden, msg: '您没有执行该操作的权限' },
  notSettleable: { code: ResultCode.conflict, msg: '该对账单当前状态不能登记结清' },
  notIssuable: { code: ResultCode.conflict, msg: '该对账单已出账' },
  notOverdue: { code: ResultCode.conflict, msg: '该对账单未到期' },
  amountMismatch: { code: ResultCode.badRequest, msg: '到账金额与对账单应付金额不一致' },
});

export const companyCreditMessages = {
  granted: '月结已开通',
  changed: '月结额度与账期已修改',
  withdrawn: '月结已停用',
  settled: '对账单已登记结清',
  limitInvalid: '请输入正确的额度（元，最多两位小数）',
  termsInvalid: `账期应为${String(companyCreditLimits.minTermsDays)}至${String(companyCreditLimits.maxTermsDays)}天`,
  noteTooLong: `备注不能超过${String(companyCreditLimits.noteMax)}个字`,
  companyMissing: '请选择企业',
  statementMissing: '请选择对账单',
} as const;

/** A company's 月结 as its 管理员 and 财务 (and staff) see it. */
export interface CompanyCreditView {
  isActive: boolean;
  limitCents: number;
  /** Charges − refunds − settlements: what the company owes now (negative: a credit balance). */
  usedCents: number;
  /** What an on-account payment may still use (0 while a statement is overdue). */
  availableCents: number;
  termsDays: number;
  hasOverdue: boolean;
}

export interface StatementView {
  statementId: number;
  /** YYYY-MM, the Beijing month. */
  period: string;
  periodLabel: string;
  status: StatementStatus;
  statusLabel: string;
  totalCents: number;
  lineCount: number;
  issuedAtStr: string;
  dueAt: number | null;
  dueAtStr: string;
  settledAtStr: string;
}

export interface StatementLineView {
  kind: CreditEntryKind;
  kindLabel: string;
  orderNo: string;
  /** Signed: a refund is negative. */
  amountCents: number;
  atStr: string;
}

/** /user/company/statements */
export interface CompanyStatementsPageData {
  companyName: string | null;
  /** False for 采购 and 审批 (and members without a company): the page says so. */
  maySee: boolean;
  credit: CompanyCreditView | null;
  statements: StatementView[];
}

/** What the cashier offers a company member: 月结支付（可用额度 ¥x）, and why it cannot be used now. */
export interface OnAccountOffer {
  availableCents: number;
  /** null: usable for this order; else the Chinese reason (overdue, over the limit, role). */
  refusal: string | null;
}
