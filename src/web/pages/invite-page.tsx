import { inviteRulesOf, qualifyingOrderOf, type Invitee, type InvitePageData } from '../../contract/invite.ts';
import { formatCents } from '../../contract/pricing.ts';
import { InviteLink } from '../features/invite/invite-link.tsx';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

/** 已发放; 待首单 before any paid order; 待满¥200.00订单 when the orders paid so far were below the minimum. */
function rewardStateOf(invitee: Invitee, minOrderCents: number): string {
  if (invitee.isRewarded) return '已发放';
  return invitee.hasOrdered && minOrderCents > 0 ? `待满${formatCents(minOrderCents)}订单` : '待首单';
}

function Invitees({ data }: { data: InvitePageData }) {
  if (data.invitees.length === 0) return <p className="invite-empty">还没有好友通过您的链接注册，快去邀请吧。</p>;
  return (
    <table className="invite-table" data-testid="invitee-table">
      <thead>
        <tr>
          <th scope="col">好友</th>
          <th scope="col">会员编号</th>
          <th scope="col">注册日期</th>
          <th scope="col">下单情况</th>
          <th scope="col">奖励</th>
        </tr>
      </thead>
      <tbody>
        {data.invitees.map((invitee) => (
          <tr key={invitee.userNumber} data-testid="invitee-row">
            <td>{invitee.maskedPhone}</td>
            <td>{invitee.userNumber}</td>
            <td>{invitee.registeredOn}</td>
            <td className={invitee.hasOrdered ? 'invite-state invite-state--done' : 'invite-state'}>{invitee.hasOrdered ? '已下单' : '未下单'}</td>
            <td className={invitee.isRewarded ? 'invite-state invite-state--done' : 'invite-state'}>{rewardStateOf(invitee, data.minOrderCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /user/invite (邀请有礼): the member's invite link and QR code, the rules, their invitees and rewards. */
export function InvitePage({ shell, data }: PageProps<InvitePageData>) {
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/invite">
        <section className="person-panel invite-hero" aria-label="我的邀请链接">
          <div className="invite-hero__text">
            <h1 className="invite-hero__title">邀请有礼</h1>
            <p className="invite-hero__pitch" data-testid="invite-pitch">
              {`每邀请一位好友注册并完成${qualifyingOrderOf(data.minOrderCents)}，`}
              {data.rewardName === '' ? (
                '我们将向您发送感谢消息。'
              ) : (
                <>
                  您即可获得 <strong>{data.rewardName}</strong> 优惠券一张。
                </>
              )}
            </p>
            <InviteLink inviteUrl={data.inviteUrl} id="invite-page-url" />
            <dl className="invite-stats">
              <div>
                <dt>已邀请好友</dt>
                <dd data-testid="invitee-count">{data.inviteeCount}</dd>
              </div>
              <div>
                <dt>已获得奖励</dt>
                <dd data-testid="reward-count">{data.rewardCount}</dd>
              </div>
            </dl>
          </div>
          <figure className="invite-qr">
            <img src={data.qrCodeDataUrl} width={148} height={148} alt="邀请链接二维码" data-testid="invite-qr" />
            <figcaption>好友扫码即可注册</figcaption>
          </figure>
        </section>
        <section className="person-panel" aria-label="邀请记录">
          <h2 className="person-panel__title">邀请记录</h2>
          <Invitees data={data} />
        </section>
        <section className="person-panel" aria-label="活动规则">
          <h2 className="person-panel__title">活动规则</h2>
          <ol className="invite-rules" data-testid="invite-rules">
            {inviteRulesOf(data.rewardName, data.minOrderCents).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ol>
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
