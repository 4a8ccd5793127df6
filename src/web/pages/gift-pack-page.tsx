import { loginPath, registerPath } from '../../contract/account.ts';
import {
  couponLimits,
  couponPaths,
  faceValueText,
  memberCouponValidityText,
  myCouponTabNames,
  templateValidityText,
  offerText,
  type NewMemberPackData,
} from '../../contract/coupon.ts';
import { CouponTicket } from '../features/coupon/coupon-ticket.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

function MemberStatus({ data }: { data: NewMemberPackData }) {
  if (!data.isLogin) {
    return (
      <div className="gift-pack__status" data-testid="gift-pack-status">
        <p>手机号注册即自动发放，无需另行领取。</p>
        <a
          className="coupon-button coupon-button--primary coupon-button--large"
          href={registerPath(couponPaths.newMemberPack)}
          data-testid="gift-pack-register"
        >
          立即注册领取
        </a>
        <a className="gift-pack__login" href={loginPath(couponPaths.newMemberPack)}>
          已有账号？登录
        </a>
      </div>
    );
  }
  if (data.received.length === 0) {
    return (
      <div className="gift-pack__status" data-testid="gift-pack-status">
        <p>新人礼包在注册时自动发放，您的账号没有获得新人礼包。领券中心每天都有可领的优惠券。</p>
        <a className="coupon-button coupon-button--primary coupon-button--large" href={couponPaths.centre}>
          去领券中心
        </a>
      </div>
    );
  }
  return (
    <div className="gift-pack__status gift-pack__status--received" data-testid="gift-pack-status">
      <p>
        您已获得新人礼包，共 <strong>{data.received.length}</strong> 张优惠券：
      </p>
      <div className="coupon-grid">
        {data.received.map((coupon) => (
          <CouponTicket
            headingLevel={2}
            key={coupon.memberCouponId}
            testId="gift-pack-received"
            terms={coupon}
            name={coupon.name}
            validity={memberCouponValidityText(coupon)}
            tone={coupon.status === 'unused' ? 'active' : 'muted'}
            stamp={myCouponTabNames[coupon.status]}
          />
        ))}
      </div>
      <a className="coupon-button coupon-button--ghost coupon-button--large" href={couponPaths.mine}>
        查看我的优惠券
      </a>
    </div>
  );
}

/** /serve/advantage: the new-member pack the home page advertises, and what this member received. */
export function GiftPackPage({ shell, data }: PageProps<NewMemberPackData>) {
  const totalCents = data.pack.reduce((sum, coupon) => sum + coupon.faceValueCents, 0);
  const validity = data.pack[0] ? templateValidityText({ validFrom: null, validUntil: null, ...data.pack[0] }) : '';
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '新人礼包' }]} />
      <section className="gift-pack">
        <header className="gift-pack__hero">
          <p className="gift-pack__eyebrow">新人专享 · 注册即领</p>
          <h1 className="gift-pack__title" data-testid="gift-pack-title">
            {`${faceValueText(totalCents)} 元器件券包`}
          </h1>
          <p className="gift-pack__offers">{data.pack.map(offerText).join(' · ')}，全场现货可用</p>
        </header>
        <div className="coupon-grid gift-pack__coupons">
          {data.pack.map((coupon) => (
            <CouponTicket
              headingLevel={2}
              key={coupon.templateId}
              testId="gift-pack-coupon"
              terms={coupon}
              name={coupon.name}
              validity={templateValidityText({ validFrom: null, validUntil: null, ...coupon }).replace('领取', '发放')}
            />
          ))}
        </div>
        <MemberStatus data={data} />
        <section className="gift-pack__rules" aria-label="活动规则">
          <h2>活动规则</h2>
          <ol>
            <li>新用户通过手机号注册（注册页、首页快速注册或短信注册）即自动获得新人礼包，每个账号限一次。</li>
            <li>
              礼包内含{data.pack.map(offerText).join('、')}共{data.pack.length}张全场通用券，{validity.replace('领取', '发放')}，过期作废。
            </li>
            <li>满减门槛按订单中商品金额（不含运费）计算；全场通用券每单限用一张，可与品牌券、品类券、运费券叠加，每单最多使用{couponLimits.perOrder}张。</li>
            <li>使用优惠券的订单取消后，仍在有效期内的优惠券自动退回您的账户。</li>
          </ol>
        </section>
      </section>
    </PageShell>
  );
}
