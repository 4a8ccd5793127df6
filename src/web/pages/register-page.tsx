import { loginPath } from '../../contract/account.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { RegisterForm } from '../features/account/register-form.tsx';
import type { PageProps } from './page-props.ts';

export interface RegisterPageData {
  returnPath: string;
  /** The `inviter` of the page query, '' when absent. */
  inviter: string;
}

export function RegisterPage({ shell, data }: PageProps<RegisterPageData>) {
  // The register page's default destination is the login page's own default too: no return path then.
  const loginHref = loginPath(data.returnPath === '/user/person' ? undefined : data.returnPath);
  return (
    <PageShell shell={shell}>
      <section className="register-card" aria-label="免费注册">
        <div className="register-card__head">
          <h1 className="register-card__title">欢迎注册{shell.siteName}</h1>
          <p className="register-card__login">
            已有账号？<a href={loginHref}>立即登录</a>
          </p>
        </div>
        <div className="register-card__body">
          <RegisterForm returnPath={data.returnPath} inviterFromQuery={data.inviter} />
          <aside className="register-card__aside">
            <h2 className="register-card__aside-title">注册会员即可</h2>
            <ul className="register-card__benefits">
              <li>在线下单，实时查看订单进度</li>
              <li>收藏常用型号，快速再次采购</li>
              <li>使用BOM配单工具批量询价</li>
              <li>领取优惠券与新人礼包</li>
            </ul>
            <p className="register-card__hotline">
              注册遇到问题？请致电 <strong>{shell.hotline}</strong>
              <br />
              周一至周六 9:00-18:00
            </p>
          </aside>
        </div>
      </section>
    </PageShell>
  );
}
