import { couponPaths, offerText } from '../../../contract/coupon.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { CouponCentrePage } from '../../../web/pages/coupon-centre-page.tsx';
import { GiftPackPage } from '../../../web/pages/gift-pack-page.tsx';
import { MyCouponsPage } from '../../../web/pages/my-coupons-page.tsx';
import { loadCouponCentre, loadMyCoupons, loadNewMemberPack, parseMyCouponsQuery } from './coupon.service.ts';

/** 领券中心 (anyone; claiming needs a login), 我的优惠券 (members), 新人礼包 (anyone). */
export function couponPages({ db, config }: ServiceDeps): Page[] {
  const siteName = config.siteName;
  return [
    definePage({
      path: couponPaths.centre,
      entry: 'coupon-centre',
      component: CouponCentrePage,
      async load({ userId }) {
        return {
          title: `领券中心 - ${siteName}`,
          description: `${siteName}领券中心：全场通用券、品牌券、品类券和运费券，先领券再下单更优惠。`,
          data: await loadCouponCentre(db, userId),
        };
      },
    }),
    definePage({
      path: couponPaths.mine,
      entry: 'my-coupons',
      component: MyCouponsPage,
      isMemberOnly: true,
      async load({ query, userId }) {
        const data = await loadMyCoupons(db, userId ?? 0, parseMyCouponsQuery(query));
        return { title: `我的优惠券 - ${siteName}`, description: `${siteName}我的优惠券：未使用、已使用与已过期的优惠券。`, data };
      },
    }),
    definePage({
      path: couponPaths.newMemberPack,
      entry: 'gift-pack',
      component: GiftPackPage,
      async load({ userId }) {
        const data = await loadNewMemberPack(db, userId);
        const description = `新用户注册${siteName}即得新人券包：${data.pack.map(offerText).join('、')}。`;
        return { title: `新人礼包 - ${siteName}`, description, data };
      },
    }),
  ];
}
