import { useState } from 'react';
import type { MemberSecurity } from '../../contract/member.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PasswordPanel, PhonePanel, RecentLogins, SessionsPanel } from '../features/member/security-panels.tsx';
import { WechatBindingPanel, type WechatBindingPanelProps } from '../features/wechat/wechat-binding-panel.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface SecurityPageData {
  security: MemberSecurity;
  wechat: WechatBindingPanelProps;
}

/** /user/security: the login password, the bound phone, other signed-in browsers and the recent logins. */
export function SecurityPage({ shell, data }: PageProps<SecurityPageData>) {
  const [security, setSecurity] = useState(data.security);
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/security">
        <section className="person-panel security" aria-label="账户安全">
          <h1 className="person-panel__title">账户安全</h1>
          <PasswordPanel hasPassword={security.hasPassword} onDone={setSecurity} />
          <PhonePanel maskedPhone={security.maskedPhone} onDone={setSecurity} />
          <SessionsPanel otherSessionCount={security.otherSessionCount} onDone={setSecurity} />
          <WechatBindingPanel isEnabled={data.wechat.isEnabled} binding={data.wechat.binding} />
        </section>
        <RecentLogins logins={security.recentLogins} />
      </MemberCentreLayout>
    </PageShell>
  );
}
