import { useState } from 'react';
import { registerPath, type LoginMode } from '../../../contract/account.ts';
import { FindPasswordForm } from './find-password-form.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { SmsLoginForm } from './sms-login-form.tsx';
import { WechatLoginOption } from '../wechat/wechat-login-option.tsx';

const tabs: { mode: LoginMode; label: string }[] = [
  { mode: 'password', label: '密码登录' },
  { mode: 'sms', label: '短信登录' },
];

/** The login card: password login, SMS-code login, and finding a forgotten password. */
export function LoginPanel({ returnPath, initialMode, isWechatEnabled }: { returnPath: string; initialMode: LoginMode; isWechatEnabled: boolean }) {
  const [mode, setMode] = useState<LoginMode>(initialMode);
  const [note, setNote] = useState('');
  const registerHref = registerPath(returnPath === '/' ? undefined : returnPath);

  return (
    <section className="auth-card" aria-label="会员登录">
      {mode === 'find' ? (
        <div className="auth-card__head">
          <h1 className="auth-card__title">找回密码</h1>
          <button type="button" className="link-button auth-link" onClick={() => setMode('password')}>
            返回登录
          </button>
        </div>
      ) : (
        <div className="auth-tabs" role="tablist">
          {tabs.map((tab) => (
            <button
              key={tab.mode}
              type="button"
              role="tab"
              id={`login-tab-${tab.mode}`}
              aria-controls="login-tab-panel"
              aria-selected={mode === tab.mode}
              className={mode === tab.mode ? 'auth-tabs__tab auth-tabs__tab--active' : 'auth-tabs__tab'}
              onClick={() => setMode(tab.mode)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      {mode === 'find' ? null : (
        <div role="tabpanel" id="login-tab-panel">
          {mode === 'password' ? <PasswordLoginForm returnPath={returnPath} note={note} onForgotPassword={() => setMode('find')} /> : null}
          {mode === 'sms' ? <SmsLoginForm returnPath={returnPath} /> : null}
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
      {mode === 'find' || !isWechatEnabled ? null : <WechatLoginOption returnPath={returnPath} />}
      <p className="auth-card__foot">
        还没有账号？<a href={registerHref}>免费注册</a>
      </p>
    </section>
  );
}
