import { useState, type FormEvent } from 'react';
import { accountMessages, SendMsgType, type FindPasswordRequest } from '../../../contract/account.ts';
import { isMobilePhone, isSmsCode, newPasswordProblem, phoneLength, smsCodeLength } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { FormField, FormMessage } from './form-parts.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';

/** Sets a new password with a find-password SMS code (also how SMS-only members get one). */
export function FindPasswordForm({ onDone }: { onDone: (note: string) => void }) {
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const problem = !isMobilePhone(phone)
      ? '请输入正确的手机号码'
      : !isSmsCode(smsCode)
        ? '请输入4位短信验证码'
        : newPasswordProblem(password) || (password !== confirmation ? '两次输入的密码不一致' : '');
    if (problem) return setError(problem);
    setError('');
    setIsBusy(true);
    try {
      const body: FindPasswordRequest = { phone, smsCode, password };
      await callApi<null>('/account/api/findPassword', body);
      onDone(accountMessages.passwordReset);
    } catch (failure) {
      setError(errorMessageOf(failure) || '提交失败，请稍后再试');
      setIsBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField label="手机号">
        <input
          className="auth-input"
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder="注册时使用的手机号码"
          maxLength={phoneLength}
          value={phone}
          onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
        />
      </FormField>
      <FormField label="验证码">
        <span className="auth-inline">
          <input
            className="auth-input"
            name="smsCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="短信验证码"
            maxLength={smsCodeLength}
            value={smsCode}
            onChange={(event) => setSmsCode(event.target.value.replace(/\D/g, ''))}
          />
          <SmsCodeButton phone={phone} purpose={SendMsgType.findPassword} />
        </span>
      </FormField>
      <FormField label="新密码">
        <input
          className="auth-input"
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="6-20位字母和数字组合"
          maxLength={20}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <FormField label="确认密码">
        <input
          className="auth-input"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          placeholder="再次输入新密码"
          maxLength={20}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </FormField>
      <FormMessage error={error} />
      <button type="submit" className="auth-submit" disabled={isBusy}>
        {isBusy ? '提交中…' : '重置密码'}
      </button>
    </form>
  );
}
