import { useState, type SubmitEvent } from 'react';
import { accountMessages, accountPrompts, graphCodeRule, SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import { homeLimits } from '../../../contract/home.ts';
import { firstProblem, isMobilePhone, isSmsCode, newPasswordPairProblem, problemOf } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { FormMessage, NewPasswordField, PhoneField } from './form-parts.tsx';
import { GraphicCodeField } from './graphic-code-field.tsx';
import { useInviter } from './inviter.ts';
import { SmsCodeField } from './sms-code-field.tsx';
import { useGraphicCodeAnswer } from './use-graphic-code-answer.ts';

/** Shown when registration fails without a word from the server (the network, a timeout). */
const registerFailedMessage = '注册失败，请稍后再试';

export function RegisterForm({ returnPath, inviterFromQuery }: { returnPath: string; inviterFromQuery: string }) {
  const [phone, setPhone] = useState('');
  const graphCode = useGraphicCodeAnswer();
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isAgreed, setIsAgreed] = useState(true);
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  const inviter = useInviter(inviterFromQuery);

  const canSubmit = isMobilePhone(phone) && isSmsCode(smsCode) && isAgreed && !isBusy;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    const problem = firstProblem(problemOf(graphCodeRule, graphCode.value), newPasswordPairProblem(password, confirmation));
    setError(problem);
    if (problem) return;
    setIsBusy(true);
    try {
      await callApi(accountCalls.register, { phone, graphCode: graphCode.value.trim(), smsCode, password, inviter: inviter || undefined });
      showToast(accountMessages.registered);
      // The page moves on after the same delay as the home page's register box (spec §9).
      window.setTimeout(() => window.location.assign(returnPath), homeLimits.registerReloadMs);
    } catch (failure) {
      setError(errorMessageOf(failure) || registerFailedMessage);
      // The server spends the graphic code on every attempt.
      graphCode.renew();
      setIsBusy(false);
    }
  }

  return (
    <form className="auth-form auth-form--register" onSubmit={(event) => void submit(event)} noValidate>
      <PhoneField value={phone} onChange={setPhone} placeholder="请输入11位手机号码" />
      <GraphicCodeField answer={graphCode} />
      <SmsCodeField
        label="短信验证码"
        placeholder="4位短信验证码"
        value={smsCode}
        onChange={setSmsCode}
        phone={phone}
        purpose={SendMsgType.register}
        sendBlocker={isAgreed ? '' : accountPrompts.agreementRequired}
        graphCode={graphCode}
      />
      <NewPasswordField label="设置密码" name="password" value={password} onChange={setPassword} placeholder="6-20位字母和数字组合" />
      <NewPasswordField label="确认密码" name="confirmation" value={confirmation} onChange={setConfirmation} placeholder="再次输入密码" />
      {inviter ? <p className="auth-form__inviter">邀请人：{inviter}</p> : null}
      <label className="auth-agree">
        <input type="checkbox" name="isAgreed" checked={isAgreed} onChange={(event) => setIsAgreed(event.target.checked)} />
        我已阅读并同意
        <a href="/serve/clause" target="_blank" rel="noopener">
          《用户注册协议》
        </a>
      </label>
      <FormMessage error={error} />
      <button type="submit" className="auth-submit" disabled={!canSubmit}>
        {isBusy ? '注册中…' : '同意协议并注册'}
      </button>
    </form>
  );
}
