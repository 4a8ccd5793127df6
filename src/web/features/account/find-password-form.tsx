import { useState, type SubmitEvent } from 'react';
import { accountMessages, SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import { firstProblem, newPasswordPairProblem, phoneRule, problemOf, smsCodeRule } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { FormMessage, NewPasswordField, PhoneField } from './form-parts.tsx';
import { SmsCodeField } from './sms-code-field.tsx';

/** Shown when the reset fails without a word from the server (the network, a timeout). */
const resetFailedMessage = '提交失败，请稍后再试';

/** Sets a new password with a find-password SMS code (also how SMS-only members get one). */
export function FindPasswordForm({ onDone }: { onDone: (note: string) => void }) {
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (isBusy) return;
    const problem = firstProblem(problemOf(phoneRule, phone), problemOf(smsCodeRule, smsCode), newPasswordPairProblem(password, confirmation));
    setError(problem);
    if (problem) return;
    setIsBusy(true);
    try {
      await callApi(accountCalls.findPassword, { phone, smsCode, password });
      onDone(accountMessages.passwordReset);
    } catch (failure) {
      setError(errorMessageOf(failure) || resetFailedMessage);
      setIsBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <PhoneField value={phone} onChange={setPhone} placeholder="注册时使用的手机号码" />
      <SmsCodeField label="验证码" placeholder="短信验证码" value={smsCode} onChange={setSmsCode} phone={phone} purpose={SendMsgType.findPassword} />
      <NewPasswordField label="新密码" name="password" value={password} onChange={setPassword} placeholder="6-20位字母和数字组合" />
      <NewPasswordField label="确认密码" name="confirmation" value={confirmation} onChange={setConfirmation} placeholder="再次输入新密码" />
      <FormMessage error={error} />
      <button type="submit" className="auth-submit" disabled={isBusy}>
        {isBusy ? '提交中…' : '重置密码'}
      </button>
    </form>
  );
}
