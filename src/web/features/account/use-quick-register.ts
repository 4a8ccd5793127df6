import { useRef, useState } from 'react';
import { accountMessages, accountPrompts, SendMsgType } from '../../../contract/account.ts';
import { accountCalls } from '../../../contract/account-calls.ts';
import { homeLimits } from '../../../contract/home.ts';
import { isMobilePhone, isSmsCode } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { rememberInviter } from './inviter.ts';
import { useSendSmsCode } from './use-send-sms-code.ts';

/**
 * The register box's state (spec §4): send-code needs a valid phone, the agreement and no
 * countdown, and checks the phone first (useSendSmsCode); register needs a valid phone and
 * code and the agreement, runs one call at a time, and reloads the page 2 s after success.
 */
export function useQuickRegister(inviterFromQuery: string) {
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [isAgreed, setIsAgreed] = useState(true);
  const [isRegistering, setIsRegistering] = useState(false);
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const registerLock = useRef(false);
  // The box's send button is disabled while the agreement is unticked (canSend), so the prompt is not toasted.
  const sms = useSendSmsCode({ phone, purpose: SendMsgType.register, blocker: isAgreed ? '' : accountPrompts.agreementRequired });

  const canRegister = isMobilePhone(phone) && isSmsCode(smsCode) && isAgreed && !isRegistering;

  async function register() {
    if (!canRegister || registerLock.current) return;
    registerLock.current = true;
    setIsRegistering(true);
    const inviter = rememberInviter(inviterFromQuery);
    try {
      await callApi(accountCalls.quickRegister, inviter ? { phone, smsCode, inviter } : { phone, smsCode });
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
    /** The inputs (PhoneInput, SmsCodeInput) hand over digits only. */
    setPhone,
    setSmsCode,
    setIsAgreed,
    canSend: sms.canSend,
    canRegister,
    isSending: sms.isSending,
    isRegistering,
    secondsLeft: sms.secondsLeft,
    isCounting: sms.isCounting,
    sendCode: () => (sms.canSend ? sms.send() : Promise.resolve()),
    /** The server asked for a graphic code with each send (useSendSmsCode): the box shows one. */
    needsGraphCode: sms.needsGraphCode,
    graphCode: sms.graphCode,
    register,
  };
}
