import { useState } from 'react';
import { memberMessages, type MemberSecurity } from '../../../contract/member.ts';
import { memberCalls } from '../../../contract/member-calls.ts';
import { firstProblem, newPasswordRule, phoneRule, problemOf, ruleMessages, smsCodeRule } from '../../../contract/rules.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';

/** Runs one call of the page at a time, toasting its problem or the success message. */
function useSubmit() {
  const [isBusy, setIsBusy] = useState(false);
  async function run<T>(work: () => Promise<T>, success: string): Promise<T | null> {
    if (isBusy) return null;
    setIsBusy(true);
    try {
      const result = await work();
      showToast(success);
      return result;
    } catch (error) {
      showToast(errorMessageOf(error));
      return null;
    } finally {
      setIsBusy(false);
    }
  }
  return { isBusy, run };
}

export type PasswordProof = 'oldPassword' | 'sms';

/** 登录密码: change it with the old password or an SMS code, or set the first one (SMS) after a quick registration. */
export function usePasswordForm(hasPassword: boolean, onDone: (security: MemberSecurity) => void) {
  const [proof, setProof] = useState<PasswordProof>(hasPassword ? 'oldPassword' : 'sms');
  const [oldPassword, setOldPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submit = useSubmit();

  function problem(): string {
    return firstProblem(
      proof === 'oldPassword' ? (oldPassword === '' ? '请输入原密码' : '') : problemOf(smsCodeRule, smsCode),
      problemOf(newPasswordRule, newPassword),
      repeat === newPassword ? '' : ruleMessages.passwordsDiffer,
    );
  }

  async function save() {
    const shown = problem();
    if (shown) {
      showToast(shown);
      return;
    }
    const security = await submit.run(
      () =>
        !hasPassword
          ? callApi(memberCalls.setPassword, { smsCode: smsCode.trim(), newPassword })
          : proof === 'oldPassword'
            ? callApi(memberCalls.changePassword, { oldPassword, newPassword })
            : callApi(memberCalls.changePassword, { smsCode: smsCode.trim(), newPassword }),
      hasPassword ? memberMessages.passwordChanged : memberMessages.passwordSet,
    );
    if (!security) return;
    setOldPassword('');
    setSmsCode('');
    setNewPassword('');
    setRepeat('');
    setProof('oldPassword');
    onDone(security);
  }

  return {
    proof,
    setProof,
    fields: { oldPassword, smsCode, newPassword, repeat },
    set: { oldPassword: setOldPassword, smsCode: setSmsCode, newPassword: setNewPassword, repeat: setRepeat },
    newPasswordProblem: newPassword === '' ? '' : problemOf(newPasswordRule, newPassword),
    isSaving: submit.isBusy,
    save: () => void save(),
    sendCode: () => callApi(memberCalls.sendSecurityCode, { purpose: 'changePassword' }),
  };
}

/** 更换手机号: prove the old phone by SMS, then bind a new, unregistered phone with its own code. */
export function usePhoneChange(onDone: (security: MemberSecurity) => void) {
  const [step, setStep] = useState<'closed' | 'old' | 'new'>('closed');
  const [oldCode, setOldCode] = useState('');
  const [phone, setPhone] = useState('');
  const [newCode, setNewCode] = useState('');
  const submit = useSubmit();

  async function verifyOld() {
    const shown = problemOf(smsCodeRule, oldCode);
    if (shown) {
      showToast(shown);
      return;
    }
    const answer = await submit.run(() => callApi(memberCalls.verifyOldPhone, { smsCode: oldCode.trim() }).then(() => true), memberMessages.oldPhoneVerified);
    if (answer) setStep('new');
  }

  async function change() {
    const shown = firstProblem(problemOf(phoneRule, phone), problemOf(smsCodeRule, newCode));
    if (shown) {
      showToast(shown);
      return;
    }
    const security = await submit.run(() => callApi(memberCalls.changePhone, { phone: phone.trim(), smsCode: newCode.trim() }), memberMessages.phoneChanged);
    if (!security) return;
    setStep('closed');
    setOldCode('');
    setPhone('');
    setNewCode('');
    onDone(security);
  }

  async function sendNewCode() {
    const shown = problemOf(phoneRule, phone);
    if (shown) throw new Error(shown);
    await callApi(memberCalls.sendNewPhoneCode, { phone: phone.trim() });
  }

  return {
    step,
    open: () => setStep('old'),
    cancel: () => setStep('closed'),
    fields: { oldCode, phone, newCode },
    set: { oldCode: setOldCode, phone: setPhone, newCode: setNewCode },
    isBusy: submit.isBusy,
    verifyOld: () => void verifyOld(),
    change: () => void change(),
    sendOldCode: () => callApi(memberCalls.sendSecurityCode, { purpose: 'changePhoneOld' }),
    sendNewCode,
  };
}

/** 其他设备: log out every other browser of the member. */
export function useEndOtherSessions(onDone: (security: MemberSecurity) => void) {
  const submit = useSubmit();
  async function end() {
    const security = await submit.run(() => callApi(memberCalls.endOtherSessions, {}), memberMessages.otherSessionsEnded);
    if (security) onDone(security);
  }
  return { isBusy: submit.isBusy, end: () => void end() };
}
