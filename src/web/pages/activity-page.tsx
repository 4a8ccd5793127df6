import type { ActivityData, ActivityOffer } from '../../contract/activity.ts';
import { productDetailPath } from '../../contract/catalog.ts';
import { faceValueText, offerText, scopeText } from '../../contract/coupon.ts';
import { formatUnitPriceE4 } from '../../contract/money.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

function OfferCard({ offer }: { offer: ActivityOffer }) {
  const tier = offer.priceTiers[0];
  return (
    <li className="activity-offer" data-testid="activity-offer">
      <a href={productDetailPath(offer.productId)} className="activity-offer__code">
        {offer.code}
      </a>
      <div className="activity-offer__brand">{offer.brandName}</div>
      <p className="activity-offer__desc">{offer.description}</p>
      {tier && (
        <div className="activity-offer__price">
          <strong>{formatUnitPriceE4(tier.priceE4)}</strong>
          {tier.originalPriceE4 !== null && <del>{formatUnitPriceE4(tier.originalPriceE4)}</del>}
          <span>{tier.qtyStart}+</span>
        </div>
      )}
      <div className="activity-offer__stock">库存 {offer.stock}</div>
    </li>
  );
}

type CouponCentre = ActivityData['couponCentre'];
type SpecialOffers = ActivityData['specialOffers'];
type NewMemberPack = ActivityData['newMemberPack'];

function ActivityHero({ siteName, data }: { siteName: string; data: ActivityData }) {
  const { couponCentre, specialOffers, newMemberPack } = data;
  return (
    <section className="activity-hero">
      <h1>优惠活动</h1>
      <p>领券立减、限时特价、新人礼包，{siteName}当前进行中的优惠一览。</p>
      <ul className="activity-hero__figures">
        <li>
          <a href={couponCentre.path}>
            <strong data-testid="activity-claimable-count">{couponCentre.claimableCount}</strong>
            <span>张优惠券可领</span>
          </a>
        </li>
        <li>
          <a href={specialOffers.path}>
            <strong data-testid="activity-offer-total">{specialOffers.total}</strong>
            <span>款特价元器件</span>
          </a>
        </li>
        <li>
          <a href={newMemberPack.path}>
            <strong data-testid="activity-pack-value">{faceValueText(newMemberPack.totalFaceValueCents)}</strong>
            <span>新人礼包</span>
          </a>
        </li>
      </ul>
    </section>
  );
}

function CouponCentreBlock({ couponCentre }: { couponCentre: CouponCentre }) {
  return (
    <section className="activity-block" data-testid="activity-coupons">
      <header className="activity-block__head">
        <h2>领券中心</h2>
        <span>
          当前共 {couponCentre.totalCount} 张优惠券，{couponCentre.claimableCount} 张可领取
        </span>
        <a href={couponCentre.path} className="activity-block__more">
          去领券 &gt;
        </a>
      </header>
      {couponCentre.coupons.length === 0 ? (
        <p className="activity-block__empty">当前没有可领取的优惠券，新券上线会在首页公告。</p>
      ) : (
        <ul className="activity-coupons">
          {couponCentre.coupons.map((coupon) => (
            <li key={coupon.templateId} className="activity-coupon">
              <a href={couponCentre.path}>
                <strong>{coupon.offer}</strong>
                <span className="activity-coupon__name">{coupon.name}</span>
                <span className="activity-coupon__scope">{coupon.scope}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SpecialOffersBlock({ specialOffers }: { specialOffers: SpecialOffers }) {
  return (
    <section className="activity-block" data-testid="activity-offers">
      <header className="activity-block__head">
        <h2>{specialOffers.title}</h2>
        <span>限时特价，原厂正品现货，共 {specialOffers.total} 款</span>
        <a href={specialOffers.path} className="activity-block__more">
          查看全部特价 &gt;
        </a>
      </header>
      {specialOffers.offers.length === 0 ? (
        <p className="activity-block__empty">当前没有特价商品。</p>
      ) : (
        <ul className="activity-offers">
          {specialOffers.offers.map((offer) => (
            <OfferCard key={offer.productId} offer={offer} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NewMemberPackBlock({ newMemberPack }: { newMemberPack: NewMemberPack }) {
  return (
    <section className="activity-block" data-testid="activity-pack">
      <header className="activity-block__head">
        <h2>新人礼包</h2>
        <span>新用户注册即送，共 {faceValueText(newMemberPack.totalFaceValueCents)} 优惠券</span>
        <a href={newMemberPack.path} className="activity-block__more">
          查看新人礼包 &gt;
        </a>
      </header>
      <ul className="activity-coupons">
        {newMemberPack.pack.map((coupon) => (
          <li key={coupon.templateId} className="activity-coupon activity-coupon--pack">
            <a href={newMemberPack.path}>
              <strong>{offerText(coupon)}</strong>
              <span className="activity-coupon__name">{coupon.name}</span>
              <span className="activity-coupon__scope">{scopeText(coupon)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /activity: the campaigns running now, each block read from its own page's data and linking to it. */
export function ActivityPage({ shell, data }: PageProps<ActivityData>) {
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '优惠活动' }]} />
      <ActivityHero siteName={shell.siteName} data={data} />
      <CouponCentreBlock couponCentre={data.couponCentre} />
      <SpecialOffersBlock specialOffers={data.specialOffers} />
      <NewMemberPackBlock newMemberPack={data.newMemberPack} />
    </PageShell>
  );
}
