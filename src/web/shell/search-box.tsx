import type { SubmitEvent } from 'react';
import { useSearchSuggestions } from '../features/search/use-search-suggestions.ts';
import { comboboxAttributes, optionId } from '../features/search/combobox-attributes.ts';
import { Icon } from './icons.tsx';

const listboxId = 'search-box-listbox';

/**
 * The header search box (spec §4); its behaviour is useSearchSuggestions. An APG combobox with a
 * listbox popup: the input keeps the focus, aria-activedescendant names the option the arrow keys
 * chose (docs/areas/accessibility.md, "Keyboard and ARIA patterns").
 */
export function SearchBox() {
  const box = useSearchSuggestions();
  const combobox = comboboxAttributes(box, listboxId);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    box.search(box.keyword);
  };
  return (
    <form className="search-box" role="search" action="/search" method="get" onSubmit={onSubmit} data-testid="search-box">
      <div className="search-box__field">
        <input
          className="search-box__input"
          type="text"
          name="key"
          value={box.keyword}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="请输入型号、品牌或关键词，如 STM32F103C8T6"
          aria-label="搜索元器件"
          {...combobox}
          onChange={(event) => box.type(event.target.value)}
          onFocus={box.focus}
          onBlur={box.blur}
          onKeyDown={(event) => {
            if (box.press(event.key)) event.preventDefault();
          }}
        />
        {box.isDropdownVisible && (
          <div className="search-box__dropdown" data-testid="search-dropdown" data-kind={box.isShowingHistory ? 'history' : 'suggestion'}>
            {box.isShowingHistory && (
              <div className="search-box__dropdown-head">
                <span>最近搜索</span>
                <button type="button" className="link-button" onMouseDown={(event) => event.preventDefault()} onClick={box.clearHistory}>
                  清空
                </button>
              </div>
            )}
            <ul role="listbox" id={listboxId} aria-label={box.isShowingHistory ? '最近搜索' : '搜索建议'}>
              {box.items.map((item, index) => (
                <li
                  key={`${item.kind}-${item.key}`}
                  id={optionId(listboxId, index)}
                  role="option"
                  aria-selected={index === box.activeIndex}
                  className={`search-box__option${index === box.activeIndex ? ' search-box__option--active' : ''}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => box.search(item.key)}
                >
                  <span className="search-box__option-key">{item.key}</span>
                  {item.kind === 'suggestion' && <span className="search-box__option-count">约 {item.count} 条结果</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <button className="search-box__button" type="submit">
        <Icon name="search" size={18} />
        搜索
      </button>
    </form>
  );
}
