import { usePageId } from '../../lib/page-ids.tsx';
import { invoiceLimits, type CompanyInfo } from '../../../contract/invoice.ts';
import { useCompanyAutocomplete } from './use-company-autocomplete.ts';

/** The company-name input with the register's suggestions under it (an ARIA combobox). */
export function CompanyNameInput({
  id,
  describedBy,
  value,
  onChange,
  onInfo,
}: {
  id: string;
  describedBy: string | undefined;
  value: string;
  onChange: (name: string) => void;
  onInfo: (info: CompanyInfo) => void;
}) {
  const listId = usePageId();
  const autocomplete = useCompanyAutocomplete(value, onChange, onInfo);
  const activeName = autocomplete.names[autocomplete.activeIndex];
  return (
    <span className="company-input">
      <input
        id={id}
        name="companyName"
        className="member-input member-input--wide"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={autocomplete.isOpen}
        aria-controls={listId}
        aria-activedescendant={autocomplete.isOpen && activeName !== undefined ? `${listId}-${autocomplete.activeIndex}` : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder="请输入单位名称，输入2个字以上可选择已登记的单位"
        maxLength={invoiceLimits.companyName}
        value={value}
        onChange={(event) => autocomplete.type(event.target.value)}
        onFocus={autocomplete.focus}
        onBlur={autocomplete.blur}
        onKeyDown={(event) => {
          if (autocomplete.press(event.key)) event.preventDefault();
        }}
      />
      {autocomplete.isOpen ? (
        <ul id={listId} className="company-input__list" role="listbox" aria-label="单位名称">
          {autocomplete.names.map((name, index) => (
            <li
              key={name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === autocomplete.activeIndex}
              className={index === autocomplete.activeIndex ? 'company-input__option company-input__option--active' : 'company-input__option'}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                autocomplete.choose(name);
              }}
            >
              {name}
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
