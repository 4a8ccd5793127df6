import { useRef, useState } from 'react';
import {
  accountErrors,
  accountMessages,
  graphCodeErrors,
  graphCodeRule,
  SendMsgType,
  smsResendSeconds,
  type VisitorSmsPurpose,
} from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import { firstProblem, isMobilePhone, phoneRule, problemOf } from '../../../contract/rules.ts';
import { ApiError, callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { useCountdown } from './use-countdown.ts';
import { useGraphicCodeAnswer, type GraphicCodeAnswer } from './use-graphic-code-answer.ts';

export interface SendSmsCodeOptions {
  phone: string;
  purpose: VisitorSmsPurpose;
  /** Why no code may be sent yet (the agreement is not ticked): toasted instead of sending; '' when none. */
  blocker?: string;
  /** The form's own graphic code of this purpose (the register page), used when one is needed; else the hook keeps one. */
  graphCode?: GraphicCodeAnswer;
}

/**
 * "Check the phone, send the code, count down 60 s" (spec §4, §5), for every SMS-code button:
 * a valid phone, no blocker and no countdown running; a registration code is sent only to a
 * phone that is not registered yet (else 此账号已注册 is toasted); one send at a time; the
 * server's msg is toasted on failure when it says something (spec §8).
 *
 * Once the server asks for a graphic code (the session used its free phone lookups), the form
 * shows one (`needsGraphCode`) and each send carries it: one code, one lookup, so the phone is not
 * checked first (the send itself answers 此账号已注册). The server spends the code: a new image follows.
 */
export function useSendSmsCode({ phone, purpose, blocker = '', graphCode }: SendSmsCodeOptions) {
  const countdown = useCountdown(smsResendSeconds);
  const [isSending, setIsSending] = useState(false);
  const [needsGraphCode, setNeedsGraphCode] = useState(false);
  const ownGraphCode = useGraphicCodeAnswer();
  const answer = graphCode ?? ownGraphCode;
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const isRunning = useRef(false);

  const canSend = isMobilePhone(phone) && !blocker && !countdown.isCounting && !isSending;

  /** Sends the code; false when the phone turned out registered (toasted). */
  async function lookUpAndSend(): Promise<boolean> {
    if (needsGraphCode) {
      try {
        await callApi(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: purpose, graphCode: answer.value.trim() });
        return true;
      } finally {
        answer.renew();
      }
    }
    if (purpose === SendMsgType.register && (await callApi(accountCalls.checkHasUser, { userPhone: phone }))) {
      showToast(accountErrors.alreadyRegistered.msg);
      return false;
    }
    await callApi(accountCalls.sendVerificationCode, { userAccount: phone, sendMsgType: purpose });
    return true;
  }

  async function send(): Promise<void> {
    if (countdown.isCounting || isRunning.current) return;
    const problem = firstProblem(problemOf(phoneRule, phone), blocker, needsGraphCode ? problemOf(graphCodeRule, answer.value) : '');
    if (problem) {
      showToast(problem);
      return;
    }
    isRunning.current = true;
    setIsSending(true);
    try {
      if (await lookUpAndSend()) {
        showToast(accountMessages.codeSent);
        countdown.start();
      }
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === graphCodeErrors.required.errorCode) setNeedsGraphCode(true);
      toastIfMessage(errorMessageOf(error));
    } finally {
      isRunning.current = false;
      setIsSending(false);
    }
  }

  return {
    send,
    canSend,
    isSending,
    isCounting: countdown.isCounting,
    secondsLeft: countdown.secondsLeft,
    /** Show a graphic-code row: the server asked for one. */
    needsGraphCode,
    /** The hook's own graphic code, for forms without one of their own. */
    graphCode: ownGraphCode,
  };
}

export type SmsCodeSender = ReturnType<typeof useSendSmsCode>;
