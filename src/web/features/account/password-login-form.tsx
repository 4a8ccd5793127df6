import { useState, type SubmitEvent } from 'react';
import { accountLimits, loginAccountRule, loginPasswordRule } from '../../../contract/account.ts';
import { firstProblem, problemOf } from '../../../contract/rules.ts';
import { FormField, FormMessage } from './form-parts.tsx';
import { useLogin } from './use-login.ts';

interface PasswordLoginFormProps {
  returnPath: string;
  note: string;
  onForgotPassword: () => void;
}

export function PasswordLoginForm({ returnPath, note, onForgotPassword }: PasswordLoginFormProps) {
  const [userAccount, setUserAccount] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin(returnPath);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    const problem = firstProblem(problemOf(loginAccountRule, userAccount), problemOf(loginPasswordRule, password));
    void login.logIn(problem, { loginType: 'password', userAccount: userAccount.trim(), password });
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField label="账号">
        <input
          className="auth-input"
          name="userAccount"
          autoComplete="username"
          placeholder="手机号 / 会员编号"
          maxLength={accountLimits.userAccount}
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
          maxLength={accountLimits.loginPassword}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <div className="auth-form__links">
        <button type="button" className="link-button auth-link" onClick={onForgotPassword}>
          忘记密码？
        </button>
      </div>
      <FormMessage error={login.error} note={note} />
      <button type="submit" className="auth-submit" disabled={login.isBusy}>
        {login.isBusy ? '登录中…' : '登 录'}
      </button>
    </form>
  );
}
