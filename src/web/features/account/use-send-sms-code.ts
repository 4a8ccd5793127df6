import { useRef, useState } from 'react';
import { accountErrors, accountMessages, SendMsgType, smsResendSeconds } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import { firstProblem, isMobilePhone, phoneRule, problemOf } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { useCountdown } from './use-countdown.ts';

export interface SendSmsCodeOptions {
  phone: string;
  purpose: SendMsgType;
  /** Why no code may be sent yet (the agreement is not ticked): toasted instead of sending; '' when none. */
  blocker?: string;
}

/**
 * "Check the phone, send the code, count down 60 s" (spec §4, §5), for every SMS-code button:
 * a valid phone, no blocker and no countdown running; a registration code is sent only to a
 * phone that is not registered yet (else 此账号已注册 is toasted); one send at a time; the
 * server's msg is toasted on failure when it says something (spec §8).
 */
export function useSendSmsCode({ phone, purpose, blocker = '' }: SendSmsCodeOptions) {
  const countdown = useCountdown(smsResendSeconds);
  const [isSending, setIsSending] = useState(false);
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const isRunning = useRef(false);

  const canSend = isMobilePhone(phone) && !blocker && !countdown.isCounting && !isSending;

  async function send(): Promise<void> {
    if (countdown.isCounting || isRunning.current) return;
    const problem = firstProblem(problemOf(phoneRule, phone), blocker);
    if (problem) {
      showToast(problem);
      return;
    }
    isRunning.current = true;
    setIsSending(true);
    try {
      if (purpose === SendMsgType.register && (await callApi(accountCalls.checkHasUser, { userPhone: phone }))) {
        showToast(accountErrors.alreadyRegistered.msg);
        return;
      }
      await callApi(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: purpose });
      showToast(accountMessages.codeSent);
      countdown.start();
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      isRunning.current = false;
      setIsSending(false);
    }
  }

  return { send, canSend, isSending, isCounting: countdown.isCounting, secondsLeft: countdown.secondsLeft };
}
