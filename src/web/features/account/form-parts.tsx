import type { ReactNode } from 'react';

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
