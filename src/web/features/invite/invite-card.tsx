import { invitePaths } from '../../../contract/invite.ts';
import { InviteLink } from './invite-link.tsx';

/** The overview's compact 邀请有礼 card: the link to copy, and the way to the full page. Needs invite.css. */
export function InviteCard({ inviteUrl }: { inviteUrl: string }) {
  return (
    <section className="person-panel invite-card" aria-label="邀请有礼" data-testid="invite-card">
      <header className="invite-card__head">
        <h2 className="person-panel__title">邀请有礼</h2>
        <a className="invite-card__more" href={invitePaths.page}>
          查看邀请记录 ›
        </a>
      </header>
      <p className="invite-card__pitch">好友通过您的链接注册并完成首笔满额订单，您即可获得优惠券奖励。</p>
      <InviteLink inviteUrl={inviteUrl} id="invite-card-url" />
    </section>
  );
}
