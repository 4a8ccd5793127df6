import type { ReactNode } from 'react';
import type { SendMsgType } from '../../../contract/account.ts';
import { phoneLength, smsCodeLength } from '../../../contract/rules.ts';
import { SmsCodeButton } from './sms-code-button.tsx';

interface FieldProps {
  label: string;
  children: ReactNode;
  /** Shown under the input in grey. */
  hint?: string;
}

/** One labelled row of an account form. */
export function FormField({ label, children, hint }: FieldProps) {
  return (
    <label className="auth-field">
      <span className="auth-field__label">{label}</span>
      <span className="auth-field__control">{children}</span>
      {hint ? <span className="auth-field__hint">{hint}</span> : null}
    </label>
  );
}

/** The form's one message: an error from the server or a check, or a note in blue. */
export function FormMessage({ error, note }: { error: string; note?: string }) {
  if (error) {
    return (
      <p className="auth-form__message auth-form__message--error" role="alert">
        {error}
      </p>
    );
  }
  if (note) return <p className="auth-form__message auth-form__message--note">{note}</p>;
  return <p className="auth-form__message" aria-hidden="true" />;
}

/** The phone row: digits only, 11 at most. */
export function PhoneField({ value, onChange, placeholder }: { value: string; onChange: (phone: string) => void; placeholder: string }) {
  return (
    <FormField label="手机号">
      <input
        className="auth-input"
        name="phone"
        type="tel"
        autoComplete="tel"
        placeholder={placeholder}
        maxLength={phoneLength}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      />
    </FormField>
  );
}

interface SmsCodeFieldProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (code: string) => void;
  phone: string;
  purpose: SendMsgType;
  precheck?: () => Promise<string>;
}

/** The SMS code row with its send button (which counts down). */
export function SmsCodeField({ label, placeholder, value, onChange, phone, purpose, precheck }: SmsCodeFieldProps) {
  return (
    <FormField label={label}>
      <span className="auth-inline">
        <input
          className="auth-input"
          name="smsCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={placeholder}
          maxLength={smsCodeLength}
          value={value}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
        />
        <SmsCodeButton phone={phone} purpose={purpose} precheck={precheck} />
      </span>
    </FormField>
  );
}

/** A new password or its confirmation. */
export function NewPasswordField({ label, name, value, onChange, placeholder }: { label: string; name: string; value: string; onChange: (password: string) => void; placeholder: string }) {
  return (
    <FormField label={label}>
      <input
        className="auth-input"
        name={name}
        type="password"
        autoComplete="new-password"
        placeholder={placeholder}
        maxLength={20}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
