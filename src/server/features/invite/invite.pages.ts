import { invitePaths } from '../../../contract/invite.ts';
import { notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { InvitePage } from '../../../web/pages/invite-page.tsx';
import { findMemberRef, loadInvitePage } from './invite.service.ts';
import { publicOriginOf } from '../../http/public-origin.ts';

/** Members only: the renderer sends visitors to the login page before the loader runs. */
export function invitePages(deps: ServiceDeps): Page[] {
  return [
    definePage({
      path: invitePaths.page,
      entry: 'invite',
      component: InvitePage,
      isMemberOnly: true,
      async load({ request, userId }) {
        const member = userId === null ? undefined : await findMemberRef(deps.db, userId);
        if (!member) throw notFound();
        const origin = publicOriginOf(deps.config, request);
        return {
          title: `邀请有礼 - ${deps.config.siteName}`,
          description: `邀请好友注册${deps.config.siteName}，好友首单完成后双方得奖励。`,
          data: await loadInvitePage(deps.db, member, origin),
        };
      },
    }),
  ];
}
