import { useRef, useState } from 'react';
import { accountMessages, SendMsgType, smsResendSeconds, type MemberSummary } from '../../../contract/account.ts';
import { homeLimits } from '../../../contract/home.ts';
import { isMobilePhone, isSmsCode } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { rememberInviter } from '../account/inviter.ts';
import { useCountdown } from '../account/use-countdown.ts';

/**
 * The register box's state (spec §4): send-code needs a valid phone, the agreement and no
 * countdown, and checks the phone first; register needs a valid phone and code and the
 * agreement, runs one call at a time, and reloads the page 2 s after success.
 */
export function useQuickRegister(inviterFromQuery: string) {
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [isAgreed, setIsAgreed] = useState(true);
  const [isSending, setIsSending] = useState(false);
  const [isRegistering, setIsRegistering] = useState(false);
  const countdown = useCountdown(smsResendSeconds);
  // Refs, not state: a double click lands before React re-renders the disabled button.
  const sendLock = useRef(false);
  const registerLock = useRef(false);

  const isPhoneValid = isMobilePhone(phone);
  const canSend = isPhoneValid && isAgreed && !countdown.isCounting && !isSending;
  const canRegister = isPhoneValid && isSmsCode(smsCode) && isAgreed && !isRegistering;

  async function sendCode() {
    if (!canSend || sendLock.current) return;
    sendLock.current = true;
    setIsSending(true);
    try {
      const isRegistered = await callApi<boolean>('/account/api/checkHasUser', { userPhone: phone });
      if (isRegistered) {
        showToast(accountMessages.alreadyRegistered);
        return;
      }
      await callApi<null>('/common/api/sendVerificationCode', { userAccount: phone, sendMsgType: SendMsgType.register });
      showToast(accountMessages.codeSent);
      countdown.start();
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      sendLock.current = false;
      setIsSending(false);
    }
  }

  async function register() {
    if (!canRegister || registerLock.current) return;
    registerLock.current = true;
    setIsRegistering(true);
    const inviter = rememberInviter(inviterFromQuery);
    try {
      await callApi<MemberSummary>('/account/api/quickRegister', inviter ? { phone, smsCode, inviter } : { phone, smsCode });
      showToast(accountMessages.registered);
      // Stays locked until the reload: the member is registered, a second call would only fail.
      window.setTimeout(() => window.location.reload(), homeLimits.registerReloadMs);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      registerLock.current = false;
      setIsRegistering(false);
    }
  }

  return {
    phone,
    smsCode,
    isAgreed,
    setPhone: (value: string) => setPhone(value.replace(/\D/g, '')),
    setSmsCode: (value: string) => setSmsCode(value.replace(/\D/g, '')),
    setIsAgreed,
    canSend,
    canRegister,
    isSending,
    isRegistering,
    secondsLeft: countdown.secondsLeft,
    isCounting: countdown.isCounting,
    sendCode,
    register,
  };
}
