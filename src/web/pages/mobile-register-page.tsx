import { mobileBuyPaths, withMobileQuery, type MobileRegisterData } from '../../contract/mobile-buy.ts';
import { RegisterForm } from '../features/account/register-form.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import type { PageProps } from './page-props.ts';

/** /m/account/register: the desktop's form (phone, graphic code, SMS code, password, agreement, inviter), one column. */
export function MobileRegisterPage({ shell, data }: PageProps<MobileRegisterData>) {
  const paths = mobileBuyPaths(data.basePath);
  const loginHref = withMobileQuery(paths.login, { return: data.returnPath === paths.person ? undefined : data.returnPath });
  return (
    <MobileFrame shell={shell} basePath={data.basePath} title="注册" backHref={paths.home}>
      <section className="mb-auth" aria-label="免费注册">
        <h2 className="mb-auth__title">欢迎注册{shell.siteName}</h2>
        <RegisterForm returnPath={data.returnPath} inviterFromQuery={data.inviter} />
        <p className="mb-auth__foot">
          已有账号？<a href={loginHref}>立即登录</a>
        </p>
      </section>
    </MobileFrame>
  );
}
