import { displayNameOf } from '../../contract/account.ts';
import { companyPath, companyRoleLabels } from '../../contract/company-account.ts';
import { companyStatementsPath } from '../../contract/company-credit.ts';
import { mobileBuyPaths, withMobileQuery, type MobilePersonData } from '../../contract/mobile-buy.ts';
import { mobileCompanyOrdersHref, mobileCompanyPaths, type MobileCompanyEntry } from '../../contract/mobile-company.ts';
import { comparePath } from '../../contract/compare.ts';
import { orderShortcutStatuses, orderStatusLabels } from '../../contract/order.ts';
import { purchaseListPath } from '../../contract/purchase-list.ts';
import { memberCentreLinks } from '../features/member/member-centre-layout.tsx';
import { MobileLogoutButton } from '../features/mobile/buy/mobile-logout-button.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import type { PageProps } from './page-props.ts';

/** The member-centre pages that have a phone page of their own are not listed among the desktop ones. */
const phonePaged: readonly string[] = ['/user/person', '/user/order/list', purchaseListPath, companyStatementsPath];
const desktopLinks = memberCentreLinks.filter((link) => !phonePaged.includes(link.href));

/** 企业 (company members only): the phone's company pages the member's role opens, then the (desktop) company page. */
function CompanyCard({ company, basePath }: { company: MobileCompanyEntry; basePath: string }) {
  const paths = mobileCompanyPaths(basePath);
  return (
    <section className="mb-card" aria-labelledby="m-person-company" data-testid="m-person-company">
      <header className="mb-card__head">
        <h2 id="m-person-company" className="mb-card__title">
          企业
        </h2>
        <span className="mb-muted">
          {company.companyName} · {companyRoleLabels[company.role]}
        </span>
      </header>
      <nav aria-label="企业服务">
        {company.canApprove ? (
          <a className="mb-menu__item" href={mobileCompanyOrdersHref(basePath, 'awaitingApproval')} data-testid="m-person-company-awaiting">
            待审批订单
            {company.awaitingCount > 0 ? <span className="mb-badge">{company.awaitingCount > 99 ? '99+' : company.awaitingCount}</span> : null}
          </a>
        ) : null}
        {company.canSeeOrders ? (
          <a className="mb-menu__item" href={paths.orders} data-testid="m-person-company-orders">
            公司订单
          </a>
        ) : null}
        {company.canSeeStatements ? (
          <a className="mb-menu__item" href={paths.statements} data-testid="m-person-company-statements">
            月结与对账单
          </a>
        ) : null}
        <a className="mb-menu__item" href={companyPath}>
          企业账户
        </a>
      </nav>
    </section>
  );
}

/** /m/user/person (members): who, orders by state, the other member pages (desktop pages), logout. */
export function MobilePersonPage({ shell, data }: PageProps<MobilePersonData>) {
  const { overview } = data;
  const paths = mobileBuyPaths(data.basePath);
  const name = displayNameOf(overview);
  const unread = shell.headerStatusInfo.unreadCount;
  // A company member finds 企业账户 under 企业.
  const otherLinks = data.company ? desktopLinks.filter((link) => link.href !== companyPath) : desktopLinks;
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
      {data.company ? <CompanyCard company={data.company} basePath={data.basePath} /> : null}
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
        {otherLinks.map((link) => (
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
