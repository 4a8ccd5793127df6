import { displayNameOf } from '../../contract/account.ts';
import { mobileBuyPaths, withMobileQuery, type MobilePersonData } from '../../contract/mobile-buy.ts';
import { comparePath } from '../../contract/compare.ts';
import { orderShortcutStatuses, orderStatusLabels } from '../../contract/order.ts';
import { purchaseListPath } from '../../contract/purchase-list.ts';
import { memberCentreLinks } from '../features/member/member-centre-layout.tsx';
import { MobileLogoutButton } from '../features/mobile/buy/mobile-logout-button.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import type { PageProps } from './page-props.ts';

/** The member-centre pages that have a phone page of their own are not listed among the desktop ones. */
const phonePaged: readonly string[] = ['/user/person', '/user/order/list', purchaseListPath];
const desktopLinks = memberCentreLinks.filter((link) => !phonePaged.includes(link.href));

/** /m/user/person (members): who, orders by state, the other member pages (desktop pages), logout. */
export function MobilePersonPage({ shell, data }: PageProps<MobilePersonData>) {
  const { overview } = data;
  const paths = mobileBuyPaths(data.basePath);
  const name = displayNameOf(overview);
  const unread = shell.headerStatusInfo.unreadCount;
  return (
    <MobileFrame shell={shell} basePath={data.basePath} title="会员中心" backHref={paths.home}>
      <section className="mb-person" aria-label="账户信息">
        {overview.avatarUrl ? (
          <img className="mb-person__avatar" src={overview.avatarUrl} alt="" width={56} height={56} />
        ) : (
          <span className="mb-person__avatar" aria-hidden="true">
            {name.slice(0, 1)}
          </span>
        )}
        <div>
          <h2 className="mb-person__name" data-testid="m-person-name">
            {name}
          </h2>
          <p className="mb-person__meta">
            {overview.level.name} · 会员编号 {overview.userNumber} · {overview.maskedPhone}
          </p>
        </div>
      </section>
      <section className="mb-card" aria-labelledby="m-person-orders">
        <header className="mb-card__head">
          <h2 id="m-person-orders" className="mb-card__title">
            我的订单
          </h2>
          <a className="mb-muted" href={paths.orderList}>
            全部订单 ›
          </a>
        </header>
        <div className="mb-counts">
          {orderShortcutStatuses.map((status) => (
            <a key={status} className="mb-counts__item" href={withMobileQuery(paths.orderList, { tab: status })} data-testid={`m-person-orders-${status}`}>
              <strong>{overview.counts.orders[status]}</strong>
              {orderStatusLabels[status]}
            </a>
          ))}
        </div>
      </section>
      <section className="mb-card" aria-label="我的资产">
        <div className="mb-counts">
          <a className="mb-counts__item" href="/user/coupon">
            <strong>{overview.counts.unusedCoupons}</strong>
            可用优惠券
          </a>
          <a className="mb-counts__item" href="/user/favorite">
            <strong>{overview.counts.favorites}</strong>
            我的收藏
          </a>
          <a className="mb-counts__item" href="/user/message/list">
            <strong>{overview.counts.unreadMessages}</strong>
            未读消息
          </a>
        </div>
      </section>
      <nav className="mb-card mb-menu" aria-label="会员服务">
        <a className="mb-menu__item" href={paths.cart}>
          购物车
        </a>
        <a className="mb-menu__item" href={paths.bom} data-testid="m-person-bom">
          BOM配单
        </a>
        <a className="mb-menu__item" href={`${data.basePath}${purchaseListPath}`} data-testid="m-person-lists">
          常购清单
        </a>
        <a className="mb-menu__item" href={`${data.basePath}${comparePath}`} data-testid="m-person-compare">
          商品对比
        </a>
        {desktopLinks.map((link) => (
          <a key={link.href} className="mb-menu__item" href={link.href}>
            {link.label}
            {link.href === '/user/message/list' && unread > 0 ? <span className="mb-badge">{unread > 99 ? '99+' : unread}</span> : null}
          </a>
        ))}
      </nav>
      <p className="mb-note">以上服务为电脑版页面，可在手机上使用。</p>
      <div className="mb-pad">
        <MobileLogoutButton homePath={paths.home} />
      </div>
    </MobileFrame>
  );
}
