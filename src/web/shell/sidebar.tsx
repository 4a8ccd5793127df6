import type { ReactNode } from 'react';
import { loginPath } from '../../contract/account.ts';
import type { ShellState } from '../../contract/shell.ts';
import { BackToTop } from './back-to-top.tsx';
import { bomBadge, sidebarCartBadge } from './badges.ts';
import { useCartCount } from '../features/cart/cart-events.ts';
import { useMessageSummary } from '../features/message/message-events.ts';
import { Icon, type IconName } from './icons.tsx';
import { SidebarAd } from '../features/content/sidebar-ad.tsx';
import { HotlinePanel, QqPanel, ServicePanel, WechatPanel } from './sidebar-panels.tsx';
import { ServerMarkup } from '../ui/server-markup.tsx';

function SidebarItem({
  icon,
  label,
  href,
  badge,
  panel,
  testId,
}: {
  icon: IconName;
  label: string;
  href?: string;
  badge?: ReactNode;
  /** A hover panel's content: `false` in the browser, which keeps the server's (ServerMarkup). */
  panel?: ReactNode;
  testId: string;
}) {
  const content = (
    <>
      <Icon name={icon} size={20} />
      <span className="sidebar__label">{label}</span>
      {badge}
    </>
  );
  return (
    <li className={`sidebar__item${panel !== undefined ? ' sidebar__item--panel' : ''}`} data-testid={testId}>
      {href ? (
        <a className="sidebar__button" href={href}>
          {content}
        </a>
      ) : (
        <button type="button" className="sidebar__button">
          {content}
        </button>
      )}
      {/* The panels are static: the server renders them, the browser keeps them without their code. */}
      {panel !== undefined && <ServerMarkup className="sidebar-panel">{panel}</ServerMarkup>}
    </li>
  );
}

/** Follows the message pages' changes (message-events.ts). */
function BomBadge({ count: initial }: { count: number }) {
  const badge = bomBadge(useMessageSummary()?.bomMessageCount ?? initial);
  if (badge.kind === 'none') return null;
  if (badge.kind === 'dot') return <span className="sidebar__dot" data-testid="bom-badge" data-kind="dot" role="img" aria-label="有新消息" />;
  return (
    <span className="sidebar__badge" data-testid="bom-badge" data-kind="number">
      {badge.text}
    </span>
  );
}

/** The right sidebar (spec §2/§4/§6). */
export function Sidebar({ shell }: { shell: ShellState }) {
  const { headerData, sidebarInfo, user } = shell;
  const cartCount = useCartCount(headerData.cartCount);
  const serviceInfo = user.isLogin && sidebarInfo.serviceInfo?.enableFlag ? sidebarInfo.serviceInfo : null;
  const sidebarAd = shell.advertisingInfo.sidebar;
  return (
    <aside className="sidebar" aria-label="快捷工具" data-testid="sidebar">
      <ul className="sidebar__items">
        {user.isLogin ? (
          <SidebarItem testId="sidebar-coupon" icon="ticket" label="领券中心" href="/coupon" />
        ) : (
          <SidebarItem testId="sidebar-gift" icon="gift" label="新人礼包" href="/serve/advantage" />
        )}
        <SidebarItem
          testId="sidebar-cart"
          icon="cart"
          label="购物车"
          href="/cart"
          badge={
            <span className="sidebar__badge" data-testid="sidebar-cart-count">
              {sidebarCartBadge(cartCount)}
            </span>
          }
        />
        <SidebarItem testId="sidebar-bom" icon="bom" label="BOM配单" href="/bom" badge={<BomBadge count={headerData.bomMessageCount} />} />
        <SidebarItem
          testId="sidebar-qq"
          icon="qq"
          label="QQ咨询"
          panel={
            (typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) && (
              <QqPanel isLogin={user.isLogin} configInfo={sidebarInfo.configInfo} loginHref={loginPath(shell.currentPath)} />
            )
          }
        />
        {serviceInfo ? (
          <SidebarItem
            testId="sidebar-service"
            icon="service"
            label="专属客服"
            panel={
              (typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) && (
                <ServicePanel serviceInfo={serviceInfo} qiniuImgAddress={shell.qiniuImgAddress} />
              )
            }
          />
        ) : (
          <SidebarItem
            testId="sidebar-wechat"
            icon="wechat"
            label="官方微信"
            panel={
              (typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) && (
                <WechatPanel configInfo={sidebarInfo.configInfo} qiniuImgAddress={shell.qiniuImgAddress} />
              )
            }
          />
        )}
        <SidebarItem
          testId="sidebar-hotline"
          icon="phone"
          label="客服热线"
          panel={
            (typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) && (
              <HotlinePanel configInfo={sidebarInfo.configInfo} hours={shell.footerData.hours} />
            )
          }
        />
      </ul>
      <BackToTop />
      {sidebarAd && <SidebarAd ad={sidebarAd} qiniuImgAddress={shell.qiniuImgAddress} />}
    </aside>
  );
}
