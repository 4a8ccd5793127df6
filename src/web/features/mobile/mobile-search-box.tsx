import { useEffect, useRef, type SubmitEvent } from 'react';
import { mobileSearchPath } from '../../../contract/mobile.ts';
import { comboboxAttributes, optionId } from '../search/combobox-attributes.ts';
import { useSearchSuggestions } from '../search/use-search-suggestions.ts';

const listboxId = 'm-search-listbox';

/**
 * The mobile search box: the desktop header's behaviour (useSearchSuggestions: suggestions 200 ms
 * after typing pauses, recent searches under the same local-storage key, an empty keyword does
 * nothing), its results on the mobile site. Without a keyword it takes the focus.
 */
export function MobileSearchBox({ basePath, initialKeyword }: { basePath: string; initialKeyword: string }) {
  const box = useSearchSuggestions((keyword) => mobileSearchPath(basePath, keyword), initialKeyword);
  const combobox = comboboxAttributes(box, listboxId);
  const input = useRef<HTMLInputElement>(null);
  const isEmptyAtStart = useRef(initialKeyword === '');
  const focusBox = box.focus;
  useEffect(() => {
    if (!isEmptyAtStart.current) return;
    input.current?.focus();
    focusBox();
    // Once, when the page opens without a keyword.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    box.search(box.keyword);
  };
  return (
    <form className="m-search m-search--page" role="search" action={`${basePath}/search`} method="get" onSubmit={onSubmit}>
      <div className="m-search__field">
        <input
          ref={input}
          type="text"
          name="key"
          value={box.keyword}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="搜索型号、品牌、参数"
          aria-label="搜索关键词"
          {...combobox}
          onChange={(event) => box.type(event.target.value)}
          onFocus={box.focus}
          onBlur={box.blur}
          onKeyDown={(event) => {
            if (box.press(event.key)) event.preventDefault();
          }}
        />
        {box.isDropdownVisible && (
          <div className="m-suggest" data-testid="m-suggestions" data-kind={box.isShowingHistory ? 'history' : 'suggestion'}>
            {box.isShowingHistory && (
              <div className="m-suggest__head">
                <span>最近搜索</span>
                <button type="button" onMouseDown={(event) => event.preventDefault()} onClick={box.clearHistory}>
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
                  className={index === box.activeIndex ? 'm-suggest__option m-suggest__option--active' : 'm-suggest__option'}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => box.search(item.key)}
                >
                  <span>{item.key}</span>
                  {item.kind === 'suggestion' && <small>约 {item.count} 条</small>}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <button type="submit">搜索</button>
    </form>
  );
}
