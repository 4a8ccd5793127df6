import { useState, type FormEvent } from 'react';
import { SendMsgType, type DoLoginRequest, type MemberSummary } from '../../../contract/account.ts';
import { isMobilePhone, isSmsCode, phoneLength, smsCodeLength } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { FormField, FormMessage } from './form-parts.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';

export function SmsLoginForm({ returnPath }: { returnPath: string }) {
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    if (!isMobilePhone(phone)) return setError('请输入正确的手机号码');
    if (!isSmsCode(smsCode)) return setError('请输入4位短信验证码');
    setError('');
    setIsBusy(true);
    try {
      const body: DoLoginRequest = { loginType: 'sms', userAccount: phone, smsCode };
      await callApi<MemberSummary>('/account/api/doLogin', body);
      window.location.assign(returnPath);
    } catch (failure) {
      setError(errorMessageOf(failure) || '登录失败，请稍后再试');
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
          placeholder="请输入手机号码"
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
          <SmsCodeButton phone={phone} purpose={SendMsgType.login} />
        </span>
      </FormField>
      <div className="auth-form__links" />
      <FormMessage error={error} />
      <button type="submit" className="auth-submit" disabled={isBusy}>
        {isBusy ? '登录中…' : '登 录'}
      </button>
    </form>
  );
}
