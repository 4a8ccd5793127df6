import { useEffect, useRef, useState, type KeyboardEvent, type FormEvent } from 'react';
import type { Suggestion } from '../../contract/search.ts';
import { searchUrl } from '../../contract/search-url.ts';
import { shellLimits } from '../../contract/shell.ts';
import { callApi } from '../lib/api-client.ts';
import { Icon } from './icons.tsx';
import { addToHistory, clearSearchHistory, readSearchHistory, saveSearchHistory } from './search-history.ts';

/** What the dropdown lists: suggestions for the typed keyword, or recent searches when there are none. */
type DropdownItem = { kind: 'suggestion'; key: string; count: number } | { kind: 'history'; key: string };

/** Moves through the list cyclically (spec §4); -1 means nothing chosen yet. */
export function nextIndex(current: number, length: number, step: 1 | -1): number {
  if (length === 0) return -1;
  if (current < 0) return step === 1 ? 0 : length - 1;
  return (current + step + length) % length;
}

/**
 * The header search box (spec §4): suggestions after a 200 ms pause in typing, shown on focus,
 * recent searches when there are none, hidden 200 ms after blur, arrow keys cycle and fill,
 * Enter searches, an empty keyword does nothing.
 */
export function SearchBox() {
  const [keyword, setKeyword] = useState('');
  const [typedKey, setTypedKey] = useState('');
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [history, setHistory] = useState<string[]>([]);
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const requestSeq = useRef(0);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Local storage exists only in the browser: read it after hydration.
  useEffect(() => setHistory(readSearchHistory()), []);

  useEffect(() => {
    const key = typedKey.trim();
    const seq = ++requestSeq.current;
    if (!key) {
      setSuggestions([]);
      return;
    }
    const timer = setTimeout(() => {
      callApi<Suggestion[]>('/product/api/searchAssociateWord', { key })
        .then((list) => {
          if (seq !== requestSeq.current) return;
          setSuggestions(Array.isArray(list) ? list : []);
          setActiveIndex(-1);
        })
        .catch(() => {
          // Suggestions are a convenience: a failed call just shows none.
          if (seq === requestSeq.current) setSuggestions([]);
        });
    }, shellLimits.suggestionDebounceMs);
    return () => clearTimeout(timer);
  }, [typedKey]);

  useEffect(() => () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
  }, []);

  const items: DropdownItem[] =
    suggestions.length > 0
      ? suggestions.map((suggestion) => ({ kind: 'suggestion', key: suggestion.key, count: suggestion.searchResultCount }))
      : history.map((key) => ({ kind: 'history', key }));
  const isShowingHistory = suggestions.length === 0;

  function search(value: string) {
    const key = value.trim();
    if (!key) return;
    const next = addToHistory(history, key);
    saveSearchHistory(next);
    setHistory(next);
    setIsOpen(false);
    window.location.assign(searchUrl(key));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search(keyword);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const index = nextIndex(activeIndex, items.length, event.key === 'ArrowDown' ? 1 : -1);
      const item = items[index];
      setIsOpen(true);
      setActiveIndex(index);
      if (item) setKeyword(item.key);
    } else if (event.key === 'Escape') {
      setIsOpen(false);
      setActiveIndex(-1);
    }
  }

  function onFocus() {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    setIsOpen(true);
  }

  function onBlur() {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      setIsOpen(false);
      setActiveIndex(-1);
    }, shellLimits.suggestionBlurHideMs);
  }

  function clearHistory() {
    clearSearchHistory();
    setHistory([]);
    setActiveIndex(-1);
  }

  const isDropdownVisible = isOpen && items.length > 0;
  return (
    <form className="search-box" role="search" action="/search" method="get" onSubmit={onSubmit} data-testid="search-box">
      <div className="search-box__field">
        <input
          className="search-box__input"
          type="search"
          name="key"
          value={keyword}
          maxLength={100}
          autoComplete="off"
          placeholder="请输入型号、品牌或关键词，如 STM32F103C8T6"
          aria-label="搜索元器件"
          aria-expanded={isDropdownVisible}
          aria-controls="search-box-dropdown"
          aria-autocomplete="list"
          role="combobox"
          onChange={(event) => {
            setKeyword(event.target.value);
            setTypedKey(event.target.value);
            setActiveIndex(-1);
            setIsOpen(true);
          }}
          onFocus={onFocus}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        {isDropdownVisible && (
          <div className="search-box__dropdown" id="search-box-dropdown" data-testid="search-dropdown" data-kind={isShowingHistory ? 'history' : 'suggestion'}>
            {isShowingHistory && (
              <div className="search-box__dropdown-head">
                <span>最近搜索</span>
                <button type="button" className="link-button" onMouseDown={(event) => event.preventDefault()} onClick={clearHistory}>
                  清空
                </button>
              </div>
            )}
            <ul role="listbox" aria-label={isShowingHistory ? '最近搜索' : '搜索建议'}>
              {items.map((item, index) => (
                <li
                  key={`${item.kind}-${item.key}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={`search-box__option${index === activeIndex ? ' search-box__option--active' : ''}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => search(item.key)}
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
