import { usePageId } from '../lib/page-ids.tsx';
import type { InputHTMLAttributes, ReactElement, ReactNode } from 'react';

interface RowProps {
  label: string;
  isRequired?: boolean;
  problem?: string;
  hint?: ReactNode;
}

/**
 * One labelled row of the member centre's forms (addresses, invoices): the control, then its
 * message beside it in red once there is one. `children` gets the control's id and, when there is
 * a message, its id for aria-describedby.
 */
export function FormRow({
  label,
  isRequired = false,
  problem = '',
  hint,
  children,
}: RowProps & {
  children: (ids: { id: string; describedBy: string | undefined }) => ReactElement;
}) {
  const id = usePageId();
  const problemId = `${id}-problem`;
  return (
    <div className={problem ? 'form-row form-row--invalid' : 'form-row'}>
      <label className="form-row__label" htmlFor={id}>
        {isRequired ? (
          <span className="form-row__required" aria-hidden="true">
            *
          </span>
        ) : null}
        {label}
      </label>
      <div className="form-row__control">
        {children({ id, describedBy: problem ? problemId : undefined })}
        {problem ? (
          <span id={problemId} className="form-row__problem" role="alert">
            {problem}
          </span>
        ) : hint ? (
          <span className="form-row__hint">{hint}</span>
        ) : null}
      </div>
    </div>
  );
}

/** What a TextField passes on to its input. */
export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'aria-describedby' | 'className'>;

/**
 * A labelled text input in a FormRow: `member-input` (`isWide`: the long one), tied to the row's
 * label and message. `onChange` gets the text; the other props go to the input.
 */
export function TextField({
  label,
  isRequired,
  problem,
  hint,
  isWide = false,
  value,
  onChange,
  ...input
}: RowProps & InputProps & { isWide?: boolean; value: string; onChange: (value: string) => void }) {
  return (
    <FormRow label={label} isRequired={isRequired} problem={problem} hint={hint}>
      {({ id, describedBy }) => (
        <input
          {...input}
          id={id}
          className={isWide ? 'member-input member-input--wide' : 'member-input'}
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormRow>
  );
}

/** The end of a member-centre form: the "make it the default" box, the server's message, save and cancel. */
export function FormEnd({
  defaultLabel,
  isDefault,
  isDefaultLocked,
  onDefaultChange,
  serverMessage,
  isSaving,
  saveLabel,
  onCancel,
}: {
  defaultLabel: string;
  isDefault: boolean;
  /** The default stays the default: the box is ticked and cannot be unticked. */
  isDefaultLocked: boolean;
  onDefaultChange: (isDefault: boolean) => void;
  serverMessage: string;
  isSaving: boolean;
  saveLabel: string;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <>
      <div className="form-row">
        <span className="form-row__label" />
        <label className="member-check">
          <input type="checkbox" name="isDefault" checked={isDefault} disabled={isDefaultLocked} onChange={(event) => onDefaultChange(event.target.checked)} />
          {defaultLabel}
        </label>
      </div>
      {serverMessage ? (
        <p className="member-form__message" role="alert">
          {serverMessage}
        </p>
      ) : null}
      <div className="member-form__actions">
        <button type="submit" className="button button--primary" disabled={isSaving}>
          {isSaving ? '保存中…' : saveLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            取消
          </button>
        ) : null}
      </div>
    </>
  );
}
