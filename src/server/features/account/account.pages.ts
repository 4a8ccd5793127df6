import { accountLimits, loginModes, safeReturnPath } from '../../../contract/account.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { ClausePage } from '../../../web/pages/clause-page.tsx';
import { LoginPage } from '../../../web/pages/login-page.tsx';
import { RegisterPage } from '../../../web/pages/register-page.tsx';
import { isWechatEnabled } from './account.service.ts';

export function accountPages(deps: ServiceDeps): Page[] {
  const { config } = deps;
  const siteName = config.siteName;
  return [
    definePage({
      path: '/account/login',
      entry: 'login',
      component: LoginPage,
      async load({ query, userId }) {
        const returnPath = safeReturnPath(query.return);
        const mode = loginModes.find((candidate) => candidate === query.mode) ?? 'password';
        // A member who is already logged in goes straight on, unless changing the password.
        if (userId !== null && mode !== 'find') return { redirectTo: returnPath };
        return {
          title: `会员登录 - ${siteName}`,
          description: `登录${siteName}，采购电子元器件。`,
          isNoIndex: true,
          data: { returnPath, mode, isWechatEnabled: isWechatEnabled(deps) },
        };
      },
    }),
    definePage({
      path: '/account/register',
      entry: 'register',
      component: RegisterPage,
      async load({ query, userId }) {
        const returnPath = query.return ? safeReturnPath(query.return) : '/user/person';
        if (userId !== null) return { redirectTo: returnPath };
        const inviter = (query.inviter ?? '').trim().slice(0, accountLimits.inviter);
        return { title: `免费注册 - ${siteName}`, description: `注册${siteName}会员，领取新人礼包。`, isNoIndex: true, data: { returnPath, inviter } };
      },
    }),
    definePage({
      path: '/serve/clause',
      entry: 'clause',
      component: ClausePage,
      async load() {
        return { title: `用户注册协议 - ${siteName}`, description: `${siteName}用户注册协议`, data: null };
      },
    }),
  ];
}
