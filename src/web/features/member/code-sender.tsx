import { useState } from 'react';
import { accountMessages, smsResendSeconds } from '../../../contract/account.ts';
import { errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { useCountdown } from '../account/use-countdown.ts';

/** 获取验证码 for one of the member's security calls: sends, toasts the answer, then counts down 60 s. */
export function useCodeSender(send: () => Promise<unknown>) {
  const countdown = useCountdown(smsResendSeconds);
  const [isSending, setIsSending] = useState(false);

  async function sendCode() {
    if (isSending || countdown.isCounting) return;
    setIsSending(true);
    try {
      await send();
      showToast(accountMessages.codeSent);
      countdown.start();
    } catch (error) {
      // A form's own check (a phone not yet valid) throws a plain Error with the message to show.
      const message = errorMessageOf(error) || (error instanceof Error ? error.message : '');
      if (message) showToast(message);
    } finally {
      setIsSending(false);
    }
  }

  return { send: () => void sendCode(), isSending, isCounting: countdown.isCounting, secondsLeft: countdown.secondsLeft };
}

export type CodeSender = ReturnType<typeof useCodeSender>;

/** 获取验证码 of a security form. */
export function CodeButton({ sender, testId, isDisabled = false }: { sender: CodeSender; testId: string; isDisabled?: boolean }) {
  return (
    <button type="button" className="sms-code-button" onClick={sender.send} disabled={isDisabled || sender.isCounting || sender.isSending} data-testid={testId}>
      {sender.isCounting ? `${sender.secondsLeft}秒后重新获取` : sender.isSending ? '发送中…' : '获取验证码'}
    </button>
  );
}
