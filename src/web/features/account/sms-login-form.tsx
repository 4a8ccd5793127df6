import { useState, type SubmitEvent } from 'react';
import { SendMsgType } from '../../../contract/account.ts';
import { firstProblem, phoneRule, problemOf, smsCodeRule } from '../../../contract/rules.ts';
import { FormMessage, PhoneField } from './form-parts.tsx';
import { SmsCodeField } from './sms-code-field.tsx';
import { useLogin } from './use-login.ts';

export function SmsLoginForm({ returnPath }: { returnPath: string }) {
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const login = useLogin(returnPath);

  function submit(event: SubmitEvent) {
    event.preventDefault();
    const problem = firstProblem(problemOf(phoneRule, phone), problemOf(smsCodeRule, smsCode));
    void login.logIn(problem, { loginType: 'sms', userAccount: phone, smsCode });
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <PhoneField value={phone} onChange={setPhone} placeholder="请输入手机号码" />
      <SmsCodeField label="验证码" placeholder="短信验证码" value={smsCode} onChange={setSmsCode} phone={phone} purpose={SendMsgType.login} />
      <div className="auth-form__links" />
      <FormMessage error={login.error} />
      <button type="submit" className="auth-submit" disabled={login.isBusy}>
        {login.isBusy ? '登录中…' : '登 录'}
      </button>
    </form>
  );
}
