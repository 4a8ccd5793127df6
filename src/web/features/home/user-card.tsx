import { loginPath } from '../../../contract/account.ts';
import { imageUrl } from '../../../contract/content.ts';
import { defaultAvatarPath, type HomeUserInfo } from '../../../contract/home.ts';
import { RegisterBox } from '../account/register-box.tsx';

function MemberCard({ userInfo, qiniuImgAddress }: { userInfo: HomeUserInfo; qiniuImgAddress: string }) {
  const name = userInfo.nickName || userInfo.userNumber;
  const avatar = userInfo.userImgPath ? imageUrl(qiniuImgAddress, userInfo.userImgPath) : defaultAvatarPath;
  return (
    <div className="user-card user-card--member" data-testid="user-card">
      <a className="user-card__avatar" href="/user/person" data-testid="user-avatar">
        <img src={avatar} alt="头像" width={56} height={56} />
      </a>
      <p className="user-card__name" data-testid="user-name">
        Hi，{name}
      </p>
      <div className="user-card__counts">
        <a href="/user/order/list" data-testid="user-order-count">
          <strong>{userInfo.orderCount}</strong>
          <span>我的订单</span>
        </a>
        <a href="/user/favorite" data-testid="user-favorite-count">
          <strong>{userInfo.favoriteCount}</strong>
          <span>我的收藏</span>
        </a>
      </div>
      <div className="user-card__shortcuts">
        <a href="/user/person">会员中心</a>
        <a href="/user/coupon">我的优惠券</a>
        <a href="/bom">BOM配单</a>
      </div>
    </div>
  );
}

function VisitorCard({ greetings, siteName, loginHref, inviter }: { greetings: string; siteName: string; loginHref: string; inviter: string }) {
  return (
    <div className="user-card user-card--visitor" data-testid="user-card">
      <div className="user-card__welcome">
        <img className="user-card__avatar-small" src={defaultAvatarPath} alt="" width={40} height={40} />
        <div>
          <p className="user-card__greeting" data-testid="user-greeting">
            Hi，{greetings}！
          </p>
          <p className="user-card__hint">欢迎来到{siteName}</p>
        </div>
      </div>
      <div className="user-card__actions">
        <a className="user-card__login" href={loginHref}>
          登录
        </a>
        <a className="user-card__register" href="/account/register">
          免费注册
        </a>
      </div>
      <RegisterBox inviter={inviter} layout="card" idPrefix="card-register" />
    </div>
  );
}

interface UserCardProps {
  userInfo: HomeUserInfo | null;
  greetings: string;
  siteName: string;
  currentPath: string;
  qiniuImgAddress: string;
  inviter: string;
}

/** The banner's user card: the member's avatar and counts, or a greeting with login, register and the register box. */
export function UserCard({ userInfo, greetings, siteName, currentPath, qiniuImgAddress, inviter }: UserCardProps) {
  if (userInfo) return <MemberCard userInfo={userInfo} qiniuImgAddress={qiniuImgAddress} />;
  return <VisitorCard greetings={greetings} siteName={siteName} loginHref={loginPath(currentPath)} inviter={inviter} />;
}
