import type { WechatRegisterPageData } from '../../contract/wechat.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { AuthPromo } from '../features/account/auth-promo.tsx';
import { WechatRegisterForm } from '../features/wechat/wechat-register-form.tsx';
import type { PageProps } from './page-props.ts';

/** /account/wechat/register: a scanned WeChat with no member yet gives a phone; also the callback's refusals. */
export function WechatRegisterPage({ shell, data }: PageProps<WechatRegisterPageData>) {
  return (
    <PageShell shell={shell}>
      <div className="auth-page">
        <AuthPromo siteName={shell.siteName} />
        <section className="auth-card" aria-label="微信登录">
          <div className="auth-card__head">
            <h1 className="auth-card__title">{data.profile ? '绑定手机号' : '微信登录'}</h1>
          </div>
          {data.profile ? (
            <>
              <p className="wechat-register__greeting">
                微信用户 <strong>{data.profile.nickname || '微信用户'}</strong>，您好！请绑定手机号完成登录；该手机号已是会员时，将绑定到该会员账号。
              </p>
              <WechatRegisterForm returnPath={data.returnPath} />
            </>
          ) : (
            <div role="alert">
              <p className="wechat-register__problem">{data.problem}</p>
              <a className="auth-submit wechat-register__back" href={data.back.href}>
                {data.back.label}
              </a>
            </div>
          )}
        </section>
      </div>
    </PageShell>
  );
}
