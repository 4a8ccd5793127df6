import { displayNameOf, loginPath, type MemberSummary } from '../../contract/account.ts';
import { orderPaths, orderStatuses, orderStatusLabels, type OrderStatus } from '../../contract/order.ts';
import { MemberCentreLayout, memberCentreLinks } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface PersonPageData {
  profile: MemberSummary & { phone: string; hasPassword: boolean };
  /** YYYY-MM-DD, Beijing time. */
  registeredOn: string;
  /** The member's orders by state: the 我的订单 panel's numbers. */
  orderCounts: Record<OrderStatus, number>;
}

const memberLinks = memberCentreLinks.filter((link) => link.href !== '/user/person');

export function PersonPage({ shell, data }: PageProps<PersonPageData>) {
  const { profile } = data;
  const name = displayNameOf(profile);
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/person">
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
        <section className="person-panel" aria-label="我的订单">
          <h2 className="person-panel__title">我的订单</h2>
          <div className="person-shortcuts">
            {orderStatuses.map((status) => (
              <a key={status} className="person-shortcuts__item" href={`${orderPaths.list}?status=${status}`} data-testid={`person-orders-${status}`}>
                <strong>{data.orderCounts[status]}</strong>
                <br />
                {orderStatusLabels[status]}
              </a>
            ))}
          </div>
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
      </MemberCentreLayout>
    </PageShell>
  );
}
