import { useState } from 'react';
import type { LoginMode } from '../../contract/account.ts';
import { mobileBuyPaths, withMobileQuery, type MobileLoginData } from '../../contract/mobile-buy.ts';
import { FindPasswordForm } from '../features/account/find-password-form.tsx';
import { PasswordLoginForm } from '../features/account/password-login-form.tsx';
import { SmsLoginForm } from '../features/account/sms-login-form.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import type { PageProps } from './page-props.ts';

const tabs: { mode: LoginMode; label: string }[] = [
  { mode: 'password', label: '密码登录' },
  { mode: 'sms', label: '短信登录' },
];

/** /m/account/login: the desktop's password, SMS-code and find-password forms, one column; back to the (mobile) return path. */
export function MobileLoginPage({ shell, data }: PageProps<MobileLoginData>) {
  const [mode, setMode] = useState<LoginMode>(data.mode);
  const [note, setNote] = useState('');
  const paths = mobileBuyPaths(data.basePath);
  const registerHref = withMobileQuery(paths.register, { return: data.returnPath === paths.home ? undefined : data.returnPath });
  return (
    <MobileFrame shell={shell} basePath={data.basePath} title={mode === 'find' ? '找回密码' : '登录'} backHref={paths.home}>
      <section className="mb-auth" aria-label="会员登录">
        {mode === 'find' ? (
          <button type="button" className="mb-link mb-auth__back" onClick={() => setMode('password')}>
            ‹ 返回登录
          </button>
        ) : (
          <div className="mb-tabs" role="tablist">
            {tabs.map((tab) => (
              <button
                key={tab.mode}
                type="button"
                role="tab"
                id={`login-tab-${tab.mode}`}
                aria-controls="login-tab-panel"
                aria-selected={mode === tab.mode}
                className={mode === tab.mode ? 'mb-tabs__tab mb-tabs__tab--active' : 'mb-tabs__tab'}
                onClick={() => setMode(tab.mode)}
              >
                {tab.label}
              </button>
            ))}
          </div>
        )}
        {mode === 'find' ? null : (
          <div role="tabpanel" id="login-tab-panel">
            {mode === 'password' ? <PasswordLoginForm returnPath={data.returnPath} note={note} onForgotPassword={() => setMode('find')} /> : null}
            {mode === 'sms' ? <SmsLoginForm returnPath={data.returnPath} /> : null}
          </div>
        )}
        {mode === 'find' ? (
          <FindPasswordForm
            onDone={(message) => {
              setNote(message);
              setMode('password');
            }}
          />
        ) : null}
        <p className="mb-auth__foot">
          还没有账号？<a href={registerHref}>免费注册</a>
        </p>
      </section>
    </MobileFrame>
  );
}
