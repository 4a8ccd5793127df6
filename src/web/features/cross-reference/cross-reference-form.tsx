import { crossReferenceCodeMaxLength, crossReferencePaths } from '../../../contract/cross-reference.ts';

/** A plain GET form: the page answers it without JavaScript. */
export function CrossReferenceForm({ code }: { code: string }) {
  return (
    <form className="xref-form" method="get" action={crossReferencePaths.page} role="search">
      <label className="xref-form__label" htmlFor="xref-code">
        型号
      </label>
      <input
        id="xref-code"
        className="xref-form__input"
        name="code"
        type="text"
        defaultValue={code}
        maxLength={crossReferenceCodeMaxLength}
        placeholder="输入制造商型号，如 STM32F103C8T6"
        autoComplete="off"
        required
      />
      <button type="submit" className="button button--primary">
        查替代
      </button>
    </form>
  );
}
