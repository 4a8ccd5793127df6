import type { CompanyCreditView } from '../../../contract/company-credit.ts';
import { formatCents } from '../../../contract/money.ts';

/** 月结: limit, used, available and terms (the statements page and the company page). */
export function CompanyCreditFacts({ credit }: { credit: CompanyCreditView }) {
  return (
    <dl className="company-facts" data-testid="company-credit">
      <dt>月结状态</dt>
      <dd>{credit.isActive ? (credit.hasOverdue ? '已暂停（有逾期对账单）' : '已开通') : '已停用'}</dd>
      <dt>信用额度</dt>
      <dd data-testid="credit-limit">{formatCents(credit.limitCents)}</dd>
      <dt>已用额度</dt>
      <dd data-testid="credit-used">{formatCents(credit.usedCents)}</dd>
      <dt>可用额度</dt>
      <dd data-testid="credit-available">{formatCents(credit.availableCents)}</dd>
      <dt>账期</dt>
      <dd>
        {credit.termsDays}天（每月底出账，出账后{credit.termsDays}天内结清）
      </dd>
    </dl>
  );
}
