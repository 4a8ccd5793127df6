import type { SubmitEvent } from 'react';
import { useSearchSuggestions } from '../features/search/use-search-suggestions.ts';
import { Icon } from './icons.tsx';

/** The header search box (spec §4); its behaviour is useSearchSuggestions. */
export function SearchBox() {
  const box = useSearchSuggestions();
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    box.search(box.keyword);
  };
  return (
    <form className="search-box" role="search" action="/search" method="get" onSubmit={onSubmit} data-testid="search-box">
      <div className="search-box__field">
        <input
          className="search-box__input"
          type="search"
          name="key"
          value={box.keyword}
          maxLength={100}
          autoComplete="off"
          placeholder="请输入型号、品牌或关键词，如 STM32F103C8T6"
          aria-label="搜索元器件"
          aria-expanded={box.isDropdownVisible}
          aria-controls="search-box-dropdown"
          aria-autocomplete="list"
          role="combobox"
          onChange={(event) => box.type(event.target.value)}
          onFocus={box.focus}
          onBlur={box.blur}
          onKeyDown={(event) => {
            if (box.press(event.key)) event.preventDefault();
          }}
        />
        {box.isDropdownVisible && (
          <div
            className="search-box__dropdown"
            id="search-box-dropdown"
            data-testid="search-dropdown"
            data-kind={box.isShowingHistory ? 'history' : 'suggestion'}
          >
            {box.isShowingHistory && (
              <div className="search-box__dropdown-head">
                <span>最近搜索</span>
                <button type="button" className="link-button" onMouseDown={(event) => event.preventDefault()} onClick={box.clearHistory}>
                  清空
                </button>
              </div>
            )}
            <ul role="listbox" aria-label={box.isShowingHistory ? '最近搜索' : '搜索建议'}>
              {box.items.map((item, index) => (
                <li
                  key={`${item.kind}-${item.key}`}
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
