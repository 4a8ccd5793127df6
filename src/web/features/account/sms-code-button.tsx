import type { SmsCodeSender } from './use-send-sms-code.ts';

/** 获取验证码 of the account forms: sends through useSendSmsCode, then counts down 60 s. */
export function SmsCodeButton({ sms }: { sms: SmsCodeSender }) {
  return (
    <button type="button" className="sms-code-button" onClick={() => void sms.send()} disabled={sms.isCounting || sms.isSending} data-testid="send-sms-code">
      {sms.isCounting ? `${sms.secondsLeft}秒后重新获取` : sms.isSending ? '发送中…' : '获取验证码'}
    </button>
  );
}
