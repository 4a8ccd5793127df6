import {
  couponPaths,
  couponUseUrl,
  memberCouponValidityText,
  myCouponTabNames,
  myCouponTabs,
  type MemberCoupon,
  type MyCouponsData,
  type MyCouponTab,
} from '../../contract/coupon.ts';
import { formatBeijingTime } from '../../contract/time.ts';
import { CouponTicket } from '../features/coupon/coupon-ticket.tsx';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';
import { Pagination } from '../ui/pagination.tsx';

function tabUrl(tab: MyCouponTab, page = 1): string {
  const params = new URLSearchParams();
  if (tab !== 'unused') params.set('tab', tab);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${couponPaths.mine}?${query}` : couponPaths.mine;
}

/** 'staff' covers what staff grant and the invite reward (an invitee's first paid order). */
const sourceNames: Record<MemberCoupon['source'], string> = { centre: '领券中心', newMemberPack: '新人礼包', staff: '平台赠送' };

function CouponDetails({ coupon, now }: { coupon: MemberCoupon; now: number }) {
  return (
    <p className="coupon-ticket__meta">
      <span>来源：{sourceNames[coupon.source]}</span>
      {coupon.status === 'unused' && coupon.validFrom > now && (
        <span className="coupon-ticket__pending">未开始，{formatBeijingTime(coupon.validFrom)}起可用</span>
      )}
      {coupon.usedAt !== null && (
        <span>
          使用时间：{formatBeijingTime(coupon.usedAt)}
          <a className="coupon-ticket__order" href="/user/order/list">
            查看订单
          </a>
        </span>
      )}
    </p>
  );
}

/** /user/coupon: the member's coupons by state, each with where it can be used. */
export function MyCouponsPage({ shell, data }: PageProps<MyCouponsData>) {
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/coupon">
        <section className="person-panel my-coupons" aria-label="我的优惠券">
          <header className="my-coupons__head">
            <h1 className="person-panel__title">我的优惠券</h1>
            <a className="my-coupons__centre" href={couponPaths.centre}>
              去领券中心领更多 ›
            </a>
          </header>
          <nav className="my-coupons__tabs" aria-label="优惠券状态">
            {myCouponTabs.map((tab) => (
              <a
                key={tab}
                href={tabUrl(tab)}
                className={tab === data.tab ? 'my-coupons__tab my-coupons__tab--active' : 'my-coupons__tab'}
                aria-current={tab === data.tab ? 'page' : undefined}
                data-testid={`coupon-tab-${tab}`}
              >
                {myCouponTabNames[tab]}({data.counts[tab]})
              </a>
            ))}
          </nav>
          {data.coupons.length === 0 ? (
            <p className="coupon-empty">
              暂无{myCouponTabNames[data.tab]}的优惠券
              {data.tab === 'unused' && (
                <>
                  ，<a href={couponPaths.centre}>去领券中心看看</a>
                </>
              )}
            </p>
          ) : (
            <div className="coupon-grid">
              {data.coupons.map((coupon) => (
                <CouponTicket
                  headingLevel={2}
                  key={coupon.memberCouponId}
                  testId="my-coupon"
                  terms={coupon}
                  name={coupon.name}
                  validity={memberCouponValidityText(coupon)}
                  tone={coupon.status === 'unused' ? 'active' : 'muted'}
                  stamp={coupon.status === 'unused' ? undefined : myCouponTabNames[coupon.status]}
                  details={<CouponDetails coupon={coupon} now={data.now} />}
                  action={
                    coupon.status === 'unused' ? (
                      <a className="coupon-button coupon-button--ghost" href={couponUseUrl(coupon)}>
                        去使用
                      </a>
                    ) : undefined
                  }
                />
              ))}
            </div>
          )}
          <Pagination page={data.page} total={data.total} pageSize={data.pageSize} hrefFor={(page) => tabUrl(data.tab, page)} unit="张优惠券" />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
