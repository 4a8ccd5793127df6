import { useState, type FormEvent } from 'react';
import { SendMsgType, type DoLoginRequest, type MemberSummary } from '../../../contract/account.ts';
import { isMobilePhone, isSmsCode } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { FormMessage, PhoneField, SmsCodeField } from './form-parts.tsx';

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
      <PhoneField value={phone} onChange={setPhone} placeholder="请输入手机号码" />
      <SmsCodeField label="验证码" placeholder="短信验证码" value={smsCode} onChange={setSmsCode} phone={phone} purpose={SendMsgType.login} />
      <div className="auth-form__links" />
      <FormMessage error={error} />
      <button type="submit" className="auth-submit" disabled={isBusy}>
        {isBusy ? '登录中…' : '登 录'}
      </button>
    </form>
  );
}
