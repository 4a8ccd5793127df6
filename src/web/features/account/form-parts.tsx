import type { InputHTMLAttributes, ReactNode } from 'react';
import { phoneLength, smsCodeLength } from '../../../contract/rules.ts';

interface FieldProps {
  label: string;
  children: ReactNode;
  /** Shown under the input in grey. */
  hint?: string;
  /**
   * The input's id, for a row that holds a button beside its input (send code, new picture): a
   * label may hold one control only, so the row is a div and its label names the input by id.
   */
  htmlFor?: string;
}

/** One labelled row of an account form. */
export function FormField({ label, children, hint, htmlFor }: FieldProps) {
  if (htmlFor) {
    return (
      <div className="auth-field">
        <label className="auth-field__label" htmlFor={htmlFor}>
          {label}
        </label>
        <span className="auth-field__control">{children}</span>
        {hint ? <span className="auth-field__hint">{hint}</span> : null}
      </div>
    );
  }
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

type DigitsInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode' | 'maxLength' | 'autoComplete'> & {
  value: string;
  /** Called with the digits only. */
  onChange: (value: string) => void;
};

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** A phone input (spec §5): digits only, 11 at most. Used by the account forms and the register box. */
export function PhoneInput({ value, onChange, ...rest }: DigitsInputProps) {
  return (
    <input
      {...rest}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={phoneLength}
      value={value}
      onChange={(event) => onChange(digitsOf(event.target.value))}
    />
  );
}

/** An SMS code input (spec §5): digits only, 4 at most. Used by the account forms and the register box. */
export function SmsCodeInput({ value, onChange, ...rest }: DigitsInputProps) {
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={smsCodeLength}
      value={value}
      onChange={(event) => onChange(digitsOf(event.target.value))}
    />
  );
}

/** The phone row. */
export function PhoneField({ value, onChange, placeholder }: { value: string; onChange: (phone: string) => void; placeholder: string }) {
  return (
    <FormField label="手机号">
      <PhoneInput className="auth-input" name="phone" placeholder={placeholder} value={value} onChange={onChange} />
    </FormField>
  );
}

/** A new password or its confirmation. */
export function NewPasswordField({
  label,
  name,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (password: string) => void;
  placeholder: string;
}) {
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
