import { usePageId } from '../../lib/page-ids.tsx';
import type { VisitorSmsPurpose } from '../../../contract/account.ts';
import { FormField, SmsCodeInput } from './form-parts.tsx';
import { GraphicCodeField } from './graphic-code-field.tsx';
import { SmsCodeButton } from './sms-code-button.tsx';
import type { GraphicCodeAnswer } from './use-graphic-code-answer.ts';
import { useSendSmsCode } from './use-send-sms-code.ts';

interface SmsCodeFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (code: string) => void;
  phone: string;
  purpose: VisitorSmsPurpose;
  /** Why no code may be sent yet (the agreement is not ticked). */
  sendBlocker?: string;
  /** The form's own graphic code (the register page): sends use it when the server asks for one. */
  graphCode?: GraphicCodeAnswer;
}

/** The SMS code row with its send button (which counts down), after a graphic-code row once the server asks for one. */
export function SmsCodeField({ label, placeholder, value, onChange, phone, purpose, sendBlocker, graphCode }: SmsCodeFieldProps) {
  const sms = useSendSmsCode({ phone, purpose, blocker: sendBlocker, graphCode });
  const inputId = usePageId();
  return (
    <>
      {sms.needsGraphCode && !graphCode ? <GraphicCodeField answer={sms.graphCode} type={purpose} /> : null}
      <FormField label={label} htmlFor={inputId}>
        <span className="auth-inline">
          <SmsCodeInput id={inputId} className="auth-input" name="smsCode" placeholder={placeholder} value={value} onChange={onChange} />
          <SmsCodeButton sms={sms} />
        </span>
      </FormField>
    </>
  );
}
