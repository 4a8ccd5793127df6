import { useState } from 'react';
import { accountMessages, smsResendSeconds, type SendMsgType } from '../../../contract/account.ts';
import { isMobilePhone } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { useCountdown } from './use-countdown.ts';

interface SmsCodeButtonProps {
  phone: string;
  purpose: SendMsgType;
  /** Checks before sending; a non-empty answer is toasted and nothing is sent. */
  precheck?: () => Promise<string>;
}

/** 获取验证码: needs a valid phone and no countdown running, then counts down 60 s. */
export function SmsCodeButton({ phone, purpose, precheck }: SmsCodeButtonProps) {
  const { secondsLeft, isCounting, start } = useCountdown(smsResendSeconds);
  const [isSending, setIsSending] = useState(false);

  async function send() {
    if (isCounting || isSending) return;
    if (!isMobilePhone(phone)) {
      showToast('请输入正确的手机号码');
      return;
    }
    setIsSending(true);
    try {
      const problem = precheck ? await precheck() : '';
      if (problem) {
        showToast(problem);
        return;
      }
      await callApi<null>('/common/api/sendVerificationCode', { userAccount: phone, sendMsgType: purpose });
      showToast(accountMessages.codeSent);
      start();
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <button type="button" className="sms-code-button" onClick={send} disabled={isCounting || isSending} data-testid="send-sms-code">
      {isCounting ? `${secondsLeft}秒后重新获取` : isSending ? '发送中…' : '获取验证码'}
    </button>
  );
}
