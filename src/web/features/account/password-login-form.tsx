import { useState, type FormEvent } from 'react';
import type { DoLoginRequest, MemberSummary } from '../../../contract/account.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { FormField, FormMessage } from './form-parts.tsx';

interface PasswordLoginFormProps {
  returnPath: string;
  note: string;
  onForgotPassword: () => void;
}

export function PasswordLoginForm({ returnPath, note, onForgotPassword }: PasswordLoginFormProps) {
  const [userAccount, setUserAccount] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    if (!userAccount.trim()) return setError('请输入手机号或会员编号');
    if (!password) return setError('请输入密码');
    setError('');
    setIsBusy(true);
    try {
      const body: DoLoginRequest = { loginType: 'password', userAccount: userAccount.trim(), password };
      await callApi<MemberSummary>('/account/api/doLogin', body);
      window.location.assign(returnPath);
    } catch (failure) {
      setError(errorMessageOf(failure) || '登录失败，请稍后再试');
      setIsBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField label="账号">
        <input
          className="auth-input"
          name="userAccount"
          autoComplete="username"
          placeholder="手机号 / 会员编号"
          maxLength={32}
          value={userAccount}
          onChange={(event) => setUserAccount(event.target.value)}
        />
      </FormField>
      <FormField label="密码">
        <input
          className="auth-input"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="请输入登录密码"
          maxLength={64}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <div className="auth-form__links">
        <button type="button" className="link-button auth-link" onClick={onForgotPassword}>
          忘记密码？
        </button>
      </div>
      <FormMessage error={error} note={note} />
      <button type="submit" className="auth-submit" disabled={isBusy}>
        {isBusy ? '登录中…' : '登 录'}
      </button>
    </form>
  );
}
