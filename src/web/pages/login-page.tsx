import { PageShell } from '../shell/page-shell.tsx';
import { AuthPromo } from '../features/account/auth-promo.tsx';
import type { LoginMode } from '../../contract/account.ts';
import { LoginPanel } from '../features/account/login-panel.tsx';
import type { PageProps } from './page-props.ts';

export interface LoginPageData {
  /** Where to go after login: a same-site path, already checked by the server. */
  returnPath: string;
  mode: LoginMode;
  /** Whether the store offers WeChat login (WECHAT_APP_ID is set): its option is hidden otherwise. */
  isWechatEnabled: boolean;
}

export function LoginPage({ shell, data }: PageProps<LoginPageData>) {
  return (
    <PageShell shell={shell}>
      <div className="auth-page">
        <AuthPromo siteName={shell.siteName} />
        <LoginPanel returnPath={data.returnPath} initialMode={data.mode} isWechatEnabled={data.isWechatEnabled} />
      </div>
    </PageShell>
  );
}
