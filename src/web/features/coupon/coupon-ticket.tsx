import type { ReactNode } from 'react';
import { couponUseUrl, faceValueText, scopeText, thresholdText, type CouponTerms } from '../../../contract/coupon.ts';

export type TicketTone = 'active' | 'muted';

/**
 * One coupon drawn as a ticket: face value and threshold on the left; name, where it can be used
 * (with a link there), validity and the page's own details on the right; an action on the edge.
 */
export function CouponTicket({
  terms,
  name,
  validity,
  details,
  action,
  stamp,
  tone = 'active',
  testId,
  headingLevel = 3,
}: {
  terms: CouponTerms;
  name: string;
  validity: string;
  details?: ReactNode;
  action?: ReactNode;
  /** 已领取 / 已使用 / 已过期 … drawn over the ticket's corner. */
  stamp?: string;
  tone?: TicketTone;
  testId?: string;
  /** The name's heading level: 2 where the tickets sit right under the page's h1, 3 under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`coupon-ticket coupon-ticket--${terms.kind} coupon-ticket--${tone}`} data-testid={testId}>
      <div className="coupon-ticket__value">
        <strong className="coupon-ticket__face" data-testid="coupon-face">
          {faceValueText(terms.faceValueCents)}
        </strong>
        <span className="coupon-ticket__threshold" data-testid="coupon-threshold">
          {thresholdText(terms)}
        </span>
        <span className="coupon-ticket__kind">
          {terms.kind === 'freight' ? '运费券' : terms.scope === 'all' ? '全场券' : terms.scope === 'brand' ? '品牌券' : '品类券'}
        </span>
      </div>
      <div className="coupon-ticket__body">
        <Heading className="coupon-ticket__name">{name}</Heading>
        <p className="coupon-ticket__scope" data-testid="coupon-scope">
          {scopeText(terms)}
          <a className="coupon-ticket__use-link" href={couponUseUrl(terms)}>
            {terms.kind === 'goods' && terms.scope !== 'all' ? '查看适用商品 ›' : '去逛逛 ›'}
          </a>
        </p>
        <p className="coupon-ticket__validity" data-testid="coupon-validity">
          {validity}
        </p>
        {details}
      </div>
      {action && <div className="coupon-ticket__action">{action}</div>}
      {stamp && (
        <span className="coupon-ticket__stamp" data-testid="coupon-stamp">
          {stamp}
        </span>
      )}
    </article>
  );
}
