import { defaultAvatarPath } from '../../contract/home.ts';
import { memberPaths, type MemberOverview } from '../../contract/member.ts';
import { orderPaths, orderShortcutStatuses, orderStatusLabels } from '../../contract/order.ts';
import { formatCents } from '../../contract/pricing.ts';
import { SalesRepCard } from '../features/member/sales-rep-card.tsx';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';
import { InviteCard } from '../features/invite/invite-card.tsx';

export interface PersonPageData {
  overview: MemberOverview;
}
/** Who the member is: avatar, name, level and what is missing to the next, their facts and the account links. */
function PersonCard({ overview }: { overview: MemberOverview }) {
  const name = overview.nickName || overview.userNumber;
  const { level } = overview;
  return (
    <section className="person-card" aria-label="账户信息">
      <a className="person-card__avatar" href={memberPaths.profile} title="修改头像">
        <img src={overview.avatarUrl || defaultAvatarPath} alt="头像" width={72} height={72} data-testid="person-avatar" />
      </a>
      <div className="person-card__who">
        <h1 className="person-card__name" data-testid="person-name">
          {name}
        </h1>
        <p className="person-card__greeting">
          <span className="person-level" data-testid="person-level">
            {level.name}
          </span>
          {level.next ? (
            <span className="person-card__next">
              再消费 {formatCents(level.next.missingCents)} 升级为{level.next.name}
            </span>
          ) : (
            <span className="person-card__next">您已是最高等级会员</span>
          )}
        </p>
        <dl className="person-card__facts">
          <dt>会员编号</dt>
          <dd data-testid="person-user-number">{overview.userNumber}</dd>
          <dt>绑定手机</dt>
          <dd data-testid="person-phone">{overview.maskedPhone}</dd>
          <dt>注册日期</dt>
          <dd>{overview.registeredOn}</dd>
        </dl>
      </div>
      <div className="person-card__links">
        <a href={memberPaths.profile}>个人资料</a>
        <a href={memberPaths.security}>{overview.hasPassword ? '账户安全' : '设置登录密码'}</a>
      </div>
    </section>
  );
}

/** /user/person: who the member is, their level, their numbers, their sales rep, and the way to the rest. */
export function PersonPage({ shell, data }: PageProps<PersonPageData>) {
  const { overview } = data;
  const { counts } = overview;
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/person">
        <PersonCard overview={overview} />
        <section className="person-panel" aria-label="我的订单">
          <h2 className="person-panel__title">
            我的订单
            <a className="person-panel__more" href={orderPaths.list}>
              全部订单 ›
            </a>
          </h2>
          <div className="person-shortcuts person-shortcuts--five">
            {orderShortcutStatuses.map((status) => (
              <a key={status} className="person-shortcuts__item" href={`${orderPaths.list}?status=${status}`} data-testid={`person-orders-${status}`}>
                <strong>{counts.orders[status]}</strong>
                <br />
                {orderStatusLabels[status]}
              </a>
            ))}
          </div>
        </section>
        <section className="person-panel" aria-label="我的资产">
          <h2 className="person-panel__title">我的资产</h2>
          <div className="person-shortcuts person-shortcuts--three">
            <a className="person-shortcuts__item" href="/user/coupon" data-testid="person-coupons">
              <strong>{counts.unusedCoupons}</strong>
              <br />
              可用优惠券
            </a>
            <a className="person-shortcuts__item" href="/user/favorite" data-testid="person-favorites">
              <strong>{counts.favorites}</strong>
              <br />
              我的收藏
            </a>
            <a className="person-shortcuts__item" href="/user/message/list" data-testid="person-messages">
              <strong>{counts.unreadMessages}</strong>
              <br />
              未读消息
            </a>
          </div>
        </section>
        {overview.salesRep ? <SalesRepCard rep={overview.salesRep} qiniuImgAddress={shell.qiniuImgAddress} /> : null}
        <InviteCard inviteUrl={overview.inviteUrl} />
      </MemberCentreLayout>
    </PageShell>
  );
}
