import { loginPath } from '../../../contract/account.ts';
import { wechatCallbackPath, wechatErrors, wechatRegisterPath, type WechatRegisterPageData } from '../../../contract/wechat.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type LoadedPage, type Page } from '../../ssr/page-registry.ts';
import { WechatRegisterPage } from '../../../web/pages/wechat-register-page.tsx';
import { logInMember } from './wechat-session.ts';
import { completeScan, findPendingProfile, isWechatEnabled } from './wechat.service.ts';

/** The callback's refusals and a register page without a scan: the message, and a way back to the login page. */
function problemPage(title: string, failure: AppError, userId: number | null): LoadedPage<WechatRegisterPageData> {
  const back = userId === null ? { href: loginPath(), label: '返回登录' } : { href: '/user/security', label: '返回账户安全' };
  return { title, status: failure.code === 404 ? 404 : 400, data: { problem: failure.msg, profile: null, returnPath: '/', back } };
}

export function wechatPages(deps: ServiceDeps): Page[] {
  const title = `微信登录 - ${deps.config.siteName}`;
  return [
    definePage({
      path: wechatCallbackPath,
      entry: 'wechat-register',
      component: WechatRegisterPage,
      async load({ request, reply, query, userId }) {
        try {
          const outcome = await completeScan(deps, { sid: request.visitor.sid, userId, state: query.state ?? '', code: query.code ?? '' });
          if (outcome.kind === 'login') await logInMember(deps, request, reply, outcome.userId);
          return { redirectTo: outcome.kind === 'pending' ? wechatRegisterPath : outcome.returnPath };
        } catch (failure) {
          if (failure instanceof AppError) return problemPage(title, failure, request.visitor.userId);
          throw failure;
        }
      },
    }),
    definePage({
      path: wechatRegisterPath,
      entry: 'wechat-register',
      component: WechatRegisterPage,
      async load({ request, userId }) {
        if (!isWechatEnabled(deps)) return problemPage(title, new AppError(wechatErrors.disabled), userId);
        if (userId !== null) return { redirectTo: '/user/person' };
        const pending = await findPendingProfile(deps.db, request.visitor.sid);
        if (!pending) return problemPage(title, new AppError(wechatErrors.noPending), null);
        const { returnPath, ...profile } = pending;
        return { title: `绑定手机号 - ${title}`, data: { problem: '', profile, returnPath, back: { href: loginPath(), label: '返回登录' } } };
      },
    }),
  ];
}
