import { loginPath } from '../../../contract/account.ts';
import { memberPaths } from '../../../contract/member.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { PersonPage } from '../../../web/pages/person-page.tsx';
import { ProfilePage } from '../../../web/pages/profile-page.tsx';
import { SecurityPage } from '../../../web/pages/security-page.tsx';
import { findMemberProfileOf, loadMemberOverview } from './member-profile.service.ts';
import { loadMemberSecurity } from './member-security.service.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { findWechatBinding, isWechatEnabled } from '../wechat/wechat.service.ts';

/** /user/person (the member centre's overview), /user/profile and /user/security. */
export function memberPages(deps: ServiceDeps): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: memberPaths.person,
      entry: 'person',
      component: PersonPage,
      isMemberOnly: true,
      async load({ userId, request }) {
        const overview = userId === null ? null : await loadMemberOverview(deps, userId, publicOriginOf(deps.config, request));
        if (!overview) return { redirectTo: loginPath(request.url) };
        return { title: `会员中心 - ${siteName}`, description: `${siteName}会员中心：订单、消息、优惠券、收藏与会员等级一览。`, data: { overview } };
      },
    }),
    definePage({
      path: memberPaths.profile,
      entry: 'profile',
      component: ProfilePage,
      isMemberOnly: true,
      async load({ userId, request }) {
        const profile = userId === null ? null : await findMemberProfileOf(deps, userId);
        if (!profile) return { redirectTo: loginPath(request.url) };
        return { title: `个人资料 - ${siteName}`, description: `修改在${siteName}的头像、昵称、联系人与公司信息。`, data: { profile } };
      },
    }),
    definePage({
      path: memberPaths.security,
      entry: 'security',
      component: SecurityPage,
      isMemberOnly: true,
      async load({ userId, request }) {
        const profile = userId === null ? null : await findMemberProfileOf(deps, userId);
        if (!profile || userId === null) return { redirectTo: loginPath(request.url) };
        const [security, binding] = await Promise.all([
          loadMemberSecurity(deps.db, { userId, sid: request.visitor.sid, ip: request.ip }),
          findWechatBinding(deps.db, userId),
        ]);
        return {
          title: `账户安全 - ${siteName}`,
          description: `${siteName}账户安全：登录密码、绑定手机与最近登录记录。`,
          data: { security, wechat: { isEnabled: isWechatEnabled(deps), binding } },
        };
      },
    }),
  ];
}
