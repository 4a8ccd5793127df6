import type { SendMsgType } from '../../../contract/account.ts';
import { useSendSmsCode } from './use-send-sms-code.ts';

interface SmsCodeButtonProps {
  phone: string;
  purpose: SendMsgType;
  /** Why no code may be sent yet: toasted on click instead of sending. */
  blocker?: string;
}

/** 获取验证码 of the account forms: sends through useSendSmsCode, then counts down 60 s. */
export function SmsCodeButton({ phone, purpose, blocker }: SmsCodeButtonProps) {
  const sms = useSendSmsCode({ phone, purpose, blocker });
  return (
    <button type="button" className="sms-code-button" onClick={() => void sms.send()} disabled={sms.isCounting || sms.isSending} data-testid="send-sms-code">
      {sms.isCounting ? `${sms.secondsLeft}秒后重新获取` : sms.isSending ? '发送中…' : '获取验证码'}
    </button>
  );
}
