import { companyCreditErrors, StatementStatus, type StatementEvent } from './company-credit.ts';
import { ActorKind, defineLifecycle, type Guard } from './lifecycle.ts';

/**
 * The 对账单's lifecycle (docs/decisions/0018-lifecycles.md, decision 0030): a company's statement of a Beijing
 * month is 未出账 while the month runs (each on-account payment and refund of the month is a line of it);
 * when the month ends the clock issues it (已出账, due `terms` days later), or closes it 已结清 at once when
 * it has nothing to pay (no lines, or refunds as large as the charges). An issued statement past its due date
 * becomes 逾期, which holds the company's new on-account payments; staff record the company's transfer to
 * settle it (已结清) from either.
 */

/** What the guards read: the server builds it from the row and the clock. */
export interface StatementFacts {
  state: StatementStatus;
  /** Its Beijing month has ended. */
  isPeriodOver: boolean;
  /** What the company owes on it (the lines' sum). */
  totalCents: number;
  /** Past its due date (issued statements only). */
  isPastDue: boolean;
}

const isPeriodOver: Guard<StatementFacts> = {
  name: 'isPeriodOver',
  description: '账单月份已结束（北京时间）',
  holds: (facts) => facts.isPeriodOver,
  refusal: '本月尚未结束，不能出账',
};

const hasAmountDue: Guard<StatementFacts> = {
  name: 'hasAmountDue',
  description: '应付金额大于零',
  holds: (facts) => facts.totalCents > 0,
  refusal: '对账单无应付金额',
};

const hasNothingDue: Guard<StatementFacts> = {
  name: 'hasNothingDue',
  description: '应付金额不大于零（无账目，或退款抵消月结支付）',
  holds: (facts) => facts.totalCents <= 0,
  refusal: '对账单有应付金额，须出账',
};

const isPastDue: Guard<StatementFacts> = {
  name: 'isPastDue',
  description: '已过还款日',
  holds: (facts) => facts.isPastDue,
  refusal: companyCreditErrors.notOverdue.msg,
  error: companyCreditErrors.notOverdue,
};

const clockOnly = [{ kind: ActorKind.clock }] as const;
const financeTold = '企业管理员与财务收到站内信';

export const statementLifecycle = defineLifecycle<StatementStatus, StatementEvent, StatementFacts>({
  name: 'statement',
  title: '对账单',
  initial: StatementStatus.open,
  states: {
    open: { label: '未出账', refusalName: '对账单未出账' },
    issued: { label: '已出账', refusalName: '对账单已出账' },
    overdue: { label: '逾期', refusalName: '对账单已逾期' },
    settled: { label: '已结清', refusalName: '对账单已结清', isFinal: true },
  },
  events: {
    issue: {
      label: '出账',
      from: [StatementStatus.open],
      to: StatementStatus.issued,
      actors: clockOnly,
      guards: [isPeriodOver, hasAmountDue],
      effects: ['应付金额为本月月结支付减退款，还款日为出账时间加账期天数', financeTold],
      refusal: companyCreditErrors.notIssuable,
    },
    closeEmpty: {
      label: '无应付，直接结清',
      from: [StatementStatus.open],
      to: StatementStatus.settled,
      actors: clockOnly,
      guards: [isPeriodOver, hasNothingDue],
      effects: ['退款多于月结支付的差额留作企业账户结余（可用额度相应增加）'],
      refusal: companyCreditErrors.notIssuable,
    },
    becomeOverdue: {
      label: '逾期',
      from: [StatementStatus.issued],
      to: StatementStatus.overdue,
      actors: clockOnly,
      guards: [isPastDue],
      effects: ['企业的月结支付暂停，直至逾期对账单结清', financeTold],
      refusal: companyCreditErrors.notOverdue,
    },
    settle: {
      label: '登记结清',
      from: [StatementStatus.issued, StatementStatus.overdue],
      to: StatementStatus.settled,
      actors: [{ kind: ActorKind.staff, action: 'update', subject: 'CompanyCredit' }],
      effects: ['员工登记企业对公转账到账，已用额度减去应付金额，记入操作日志'],
      refusal: companyCreditErrors.notSettleable,
    },
  },
  changedMeanwhile: companyCreditErrors.changedMeanwhile,
  forbidden: companyCreditErrors.forbidden,
});

export const statementStatusLabels: Readonly<Record<StatementStatus, string>> = Object.fromEntries(
  statementLifecycle.stateNames.map((state) => [state, statementLifecycle.states[state].label]),
) as Record<StatementStatus, string>;
