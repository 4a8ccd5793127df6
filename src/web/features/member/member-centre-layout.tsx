import type { ReactNode } from 'react';

/** The member centre's menu: every entry is a page (or belongs to an open issue that builds it). */
export const memberCentreLinks = [
  { href: '/user/person', label: '账户概览' },
  { href: '/user/profile', label: '个人资料' },
  { href: '/user/security', label: '账户安全' },
  { href: '/user/order/list', label: '我的订单' },
  { href: '/user/coupon', label: '我的优惠券' },
  { href: '/user/favorite', label: '我的收藏' },
  { href: '/user/purchase-list', label: '常购清单' },
  { href: '/user/company', label: '企业账户' },
  { href: '/user/company/statements', label: '对账单' },
  { href: '/user/bom', label: '我的BOM' },
  { href: '/user/quotation', label: '我的询价' },
  { href: '/user/feedback', label: '售后投诉' },
  { href: '/user/message/list', label: '消息中心' },
  { href: '/user/address', label: '收货地址' },
  { href: '/user/invoice', label: '发票信息' },
  { href: '/user/invite', label: '邀请有礼' },
  { href: '/user/api-keys', label: 'API密钥' },
  { href: '/user/webhooks', label: 'Webhook推送' },
] as const;

export type MemberCentrePath = (typeof memberCentreLinks)[number]['href'];

/** The left menu and the main column of every /user/* page; `current` marks the open entry. */
export function MemberCentreLayout({ current, children }: { current: MemberCentrePath; children: ReactNode }) {
  return (
    <div className="person-layout">
      <nav className="person-nav" aria-label="会员中心">
        <h2 className="person-nav__title">会员中心</h2>
        {memberCentreLinks.map((link) => (
          <a
            key={link.href}
            className={link.href === current ? 'person-nav__link person-nav__link--active' : 'person-nav__link'}
            href={link.href}
            aria-current={link.href === current ? 'page' : undefined}
          >
            {link.label}
          </a>
        ))}
      </nav>
      <div className="person-main">{children}</div>
    </div>
  );
}
