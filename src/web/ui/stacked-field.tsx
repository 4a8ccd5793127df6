import type { ReactNode } from 'react';

/** A label above its control (the contact and supplier forms); a required one is starred. Styles: stacked-field.css. */
export function StackedField({ label, isRequired = false, children }: { label: string; isRequired?: boolean; children: ReactNode }) {
  return (
    <label className="stacked-field">
      <span className="stacked-field__label">
        {isRequired ? <em aria-hidden="true">*</em> : null}
        {label}
      </span>
      {children}
    </label>
  );
}
