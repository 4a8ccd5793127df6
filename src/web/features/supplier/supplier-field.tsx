import type { ReactNode } from 'react';

/** One labelled row of the supplier forms; a required one is starred. */
export function SupplierField({ label, isRequired = false, children }: { label: string; isRequired?: boolean; children: ReactNode }) {
  return (
    <label className="supplier-field">
      <span className="supplier-form__label">
        {isRequired ? <em aria-hidden="true">*</em> : null}
        {label}
      </span>
      {children}
    </label>
  );
}
