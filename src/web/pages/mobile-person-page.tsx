import { displayNameOf } from '../../contract/account.ts';
import { mobileBuyPaths, withMobileQuery, type MobilePersonData } from '../../contract/mobile-buy.ts';
import { orderStatuses, orderStatusLabels } from '../../contract/order.ts';
import { memberCentreLinks } from '../features/member/member-centre-layout.tsx';
import { MobileLogoutButton } from '../features/mobile/buy/mobile-logout-button.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import type { PageProps } from './page-props.ts';

/** The member-centre pages that have a phone page of their own are not listed among the desktop ones. */
const phonePaged: readonly string[] = ['/user/person', '/user/order/list'];
const desktopLinks = memberCentreLinks.filter((link) => !phonePaged.includes(link.href));

/** /m/user/person (members): who, orders by state, the other member pages (desktop pages), logout. */
export function MobilePersonPage({ shell, data }: PageProps<MobilePersonData>) {
  const { profile } = data;
  const paths = mobileBuyPaths(data.basePath);
  const name = displayNameOf(profile);
  const unread = shell.headerStatusInfo.unreadCount;
  return (
    <MobileFrame shell={shell} basePath={data.basePath} title="会员中心" backHref={paths.home}>
      <section className="mb-person" aria-label="账户信息">
        <span className="mb-person__avatar" aria-hidden="true">
          {name.slice(0, 1)}
        </span>
        <div>
          <h2 className="mb-person__name" data-testid="m-person-name">
            {name}
          </h2>
          <p className="mb-person__meta">
            会员编号 {profile.userNumber} · {profile.phone}
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
          {orderStatuses.map((status) => (
            <a key={status} className="mb-counts__item" href={withMobileQuery(paths.orderList, { tab: status })} data-testid={`m-person-orders-${status}`}>
              <strong>{data.orderCounts[status]}</strong>
              {orderStatusLabels[status]}
            </a>
          ))}
        </div>
      </section>
      <nav className="mb-card mb-menu" aria-label="会员服务">
        <a className="mb-menu__item" href={paths.cart}>
          购物车
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
