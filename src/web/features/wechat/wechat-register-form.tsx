import { useState, type SubmitEvent } from 'react';
import { accountPrompts, SendMsgType } from '../../../contract/account.ts';
import { homeLimits } from '../../../contract/home.ts';
import { firstProblem, phoneRule, problemOf, smsCodeRule } from '../../../contract/rules.ts';
import { wechatMessages } from '../../../contract/wechat.ts';
import { wechatCalls } from '../../../contract/wechat-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { FormMessage, PhoneField } from '../account/form-parts.tsx';
import { useInviter } from '../account/inviter.ts';
import { SmsCodeField } from '../account/sms-code-field.tsx';

/** The phone a scanned WeChat is bound to: a new member, or the member of that phone (its SMS code proves it). */
export function WechatRegisterForm({ returnPath }: { returnPath: string }) {
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [isAgreed, setIsAgreed] = useState(true);
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const inviter = useInviter('');

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const problem = firstProblem(problemOf(phoneRule, phone), problemOf(smsCodeRule, smsCode)) || (isAgreed ? '' : accountPrompts.agreementRequired);
    setError(problem);
    if (problem || isBusy) return;
    setIsBusy(true);
    try {
      await callApi(wechatCalls.wechatRegister, { phone, smsCode, inviter: inviter || undefined });
      showToast(wechatMessages.bound);
      window.setTimeout(() => window.location.assign(returnPath), homeLimits.registerReloadMs);
    } catch (failure) {
      setError(errorMessageOf(failure) || '绑定失败，请稍后再试');
      setIsBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <PhoneField value={phone} onChange={setPhone} placeholder="请输入11位手机号码" />
      <SmsCodeField
        label="短信验证码"
        placeholder="4位短信验证码"
        value={smsCode}
        onChange={setSmsCode}
        phone={phone}
        purpose={SendMsgType.wechat}
        sendBlocker={isAgreed ? '' : accountPrompts.agreementRequired}
      />
      <label className="auth-agree">
        <input type="checkbox" name="isAgreed" checked={isAgreed} onChange={(event) => setIsAgreed(event.target.checked)} />
        我已阅读并同意
        <a href="/serve/clause" target="_blank" rel="noopener">
          《用户注册协议》
        </a>
      </label>
      <FormMessage error={error} />
      <button type="submit" className="auth-submit" disabled={isBusy}>
        {isBusy ? '提交中…' : '绑定手机并登录'}
      </button>
    </form>
  );
}
