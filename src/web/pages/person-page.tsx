import { displayNameOf, loginPath, type MemberSummary } from '../../contract/account.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface PersonPageData {
  profile: MemberSummary & { phone: string; hasPassword: boolean };
  /** YYYY-MM-DD, Beijing time. */
  registeredOn: string;
}

const memberLinks = [
  { href: '/user/order/list', label: '我的订单' },
  { href: '/user/coupon', label: '我的优惠券' },
  { href: '/user/favorite', label: '我的收藏' },
  { href: '/user/quotation', label: '我的询价' },
  { href: '/user/feedback', label: '售后投诉' },
  { href: '/user/message/list', label: '消息中心' },
];

export function PersonPage({ shell, data }: PageProps<PersonPageData>) {
  const { profile } = data;
  const name = displayNameOf(profile);
  return (
    <PageShell shell={shell}>
      <div className="person-layout">
        <nav className="person-nav" aria-label="会员中心">
          <h2 className="person-nav__title">会员中心</h2>
          <a className="person-nav__link person-nav__link--active" href="/user/person" aria-current="page">
            账户概览
          </a>
          {memberLinks.map((link) => (
            <a key={link.href} className="person-nav__link" href={link.href}>
              {link.label}
            </a>
          ))}
        </nav>
        <div className="person-main">
          <section className="person-card" aria-label="账户信息">
            <span className="person-card__avatar" aria-hidden="true">
              {name.slice(0, 1)}
            </span>
            <div className="person-card__who">
              <h1 className="person-card__name" data-testid="person-name">
                {name}
              </h1>
              <p className="person-card__greeting">欢迎回来，祝您采购愉快！</p>
            </div>
          </section>
          <section className="person-panel" aria-label="基本资料">
            <h2 className="person-panel__title">基本资料</h2>
            <dl className="person-facts">
              <dt>会员编号</dt>
              <dd data-testid="person-user-number">{profile.userNumber}</dd>
              <dt>昵称</dt>
              <dd>{profile.nickName}</dd>
              <dt>绑定手机</dt>
              <dd>{profile.phone}</dd>
              <dt>注册日期</dt>
              <dd>{data.registeredOn}</dd>
              <dt>登录密码</dt>
              <dd>
                {profile.hasPassword ? '已设置' : '未设置'}
                <a className="person-facts__action" href={loginPath(undefined, 'find')}>
                  {profile.hasPassword ? '修改密码' : '设置密码'}
                </a>
              </dd>
            </dl>
          </section>
          <section className="person-panel" aria-label="快捷入口">
            <h2 className="person-panel__title">快捷入口</h2>
            <div className="person-shortcuts">
              {memberLinks.map((link) => (
                <a key={link.href} className="person-shortcuts__item" href={link.href}>
                  {link.label}
                </a>
              ))}
            </div>
          </section>
        </div>
      </div>
    </PageShell>
  );
}
