import { useState } from 'react';
import { loginPath } from '../../contract/account.ts';
import { claimedPercent, couponPaths, couponUseUrl, templateValidityText, type CentreCoupon, type CouponCentreData } from '../../contract/coupon.ts';
import { formatBeijingTime } from '../../contract/time.ts';
import { CouponTicket } from '../features/coupon/coupon-ticket.tsx';
import { useClaimCoupon } from '../features/coupon/use-claim-coupon.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

type Filter = 'all' | 'platform' | 'brand' | 'category' | 'freight';

const filters: { key: Filter; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'platform', label: '全场券' },
  { key: 'brand', label: '品牌券' },
  { key: 'category', label: '品类券' },
  { key: 'freight', label: '运费券' },
];

function matches(coupon: CentreCoupon, filter: Filter): boolean {
  if (filter === 'all') return true;
  if (filter === 'freight') return coupon.kind === 'freight';
  if (coupon.kind === 'freight') return false;
  return filter === 'platform' ? coupon.scope === 'all' : coupon.scope === filter;
}

function StockBar({ coupon }: { coupon: CentreCoupon }) {
  const percent = claimedPercent(coupon);
  return (
    <div className="coupon-stock" data-testid="coupon-stock">
      {percent !== null && (
        <>
          <span className="coupon-stock__bar" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label="已领取比例">
            <span className="coupon-stock__fill" style={{ width: `${String(percent)}%` }} />
          </span>
          <span className="coupon-stock__text">已抢{percent}%</span>
        </>
      )}
      {coupon.perMemberLimit > 1 && <span className="coupon-stock__limit">每人限领{coupon.perMemberLimit}张</span>}
      {coupon.myClaimedCount > 0 && <span className="coupon-stock__mine">已领{coupon.myClaimedCount}张</span>}
    </div>
  );
}

function ClaimAction({ coupon, isLogin, isBusy, onClaim }: { coupon: CentreCoupon; isLogin: boolean; isBusy: boolean; onClaim: () => void }) {
  if (coupon.state === 'notStarted') {
    return (
      <button type="button" className="coupon-button" disabled>
        {formatBeijingTime(coupon.claimFrom).slice(5)} 开抢
      </button>
    );
  }
  if (coupon.state === 'soldOut') {
    return (
      <button type="button" className="coupon-button" disabled>
        已抢光
      </button>
    );
  }
  if (!isLogin) {
    return (
      <a className="coupon-button coupon-button--primary" href={loginPath(couponPaths.centre)} data-testid="coupon-login">
        登录领取
      </a>
    );
  }
  if (coupon.state === 'claimed') {
    return (
      <a className="coupon-button coupon-button--ghost" href={couponUseUrl(coupon)} data-testid="coupon-use">
        去使用
      </a>
    );
  }
  return (
    <button type="button" className="coupon-button coupon-button--primary" disabled={isBusy} onClick={onClaim} data-testid="coupon-claim">
      {coupon.myClaimedCount > 0 ? '继续领取' : '立即领取'}
    </button>
  );
}

const stamps: Partial<Record<CentreCoupon['state'], string>> = { claimed: '已领取', soldOut: '已抢光' };

/** /coupon: the coupon centre. Cards with stock and limits; claiming updates the card in place. */
export function CouponCentrePage({ shell, data }: PageProps<CouponCentreData>) {
  const { coupons, busyId, claim } = useClaimCoupon(data.coupons);
  const [filter, setFilter] = useState<Filter>('all');
  const shown = coupons.filter((coupon) => matches(coupon, filter));
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '领券中心' }]} />
      <section className="coupon-hero">
        <h1 className="coupon-hero__title">领券中心</h1>
        <p className="coupon-hero__text">先领券，再下单：全场券、品牌券、品类券与运费券可叠加使用，每单最多10张。</p>
        {data.isLogin && (
          <a className="coupon-hero__mine" href={couponPaths.mine}>
            我的优惠券 ›
          </a>
        )}
      </section>
      <div className="coupon-filters" role="tablist" aria-label="优惠券类型">
        {filters.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`coupon-filter-${item.key}`}
            aria-controls="coupon-filter-panel"
            aria-selected={filter === item.key}
            className={filter === item.key ? 'coupon-filters__tab coupon-filters__tab--active' : 'coupon-filters__tab'}
            onClick={() => {
              setFilter(item.key);
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="coupon-filter-panel" aria-labelledby={`coupon-filter-${filter}`}>
        {shown.length === 0 ? (
          <p className="coupon-empty">暂无可领取的优惠券，新券上架后会在这里展示</p>
        ) : (
          <div className="coupon-grid">
            {shown.map((coupon) => (
              <CouponTicket
                headingLevel={2}
                key={coupon.templateId}
                testId="centre-coupon"
                terms={coupon}
                name={coupon.name}
                validity={templateValidityText(coupon)}
                tone={coupon.state === 'soldOut' ? 'muted' : 'active'}
                stamp={stamps[coupon.state]}
                details={<StockBar coupon={coupon} />}
                action={
                  <ClaimAction
                    coupon={coupon}
                    isLogin={data.isLogin}
                    isBusy={busyId === coupon.templateId}
                    onClaim={() => {
                      claim(coupon);
                    }}
                  />
                }
              />
            ))}
          </div>
        )}
      </div>
    </PageShell>
  );
}
