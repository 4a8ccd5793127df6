import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { searchCalls } from '../../../contract/search-calls.ts';
import { searchUrl } from '../../../contract/search-url.ts';
import { shellLimits } from '../../../contract/shell.ts';
import type { Suggestion } from '../../../contract/search.ts';
import { callApi } from '../../lib/api-client.ts';
import { addToHistory, clearSearchHistory, readSearchHistory, saveSearchHistory } from './search-history.ts';

/** What the dropdown lists: suggestions for the typed keyword, or recent searches when there are none. */
export type DropdownItem = { kind: 'suggestion'; key: string; count: number } | { kind: 'history'; key: string };

/** Moves through the list cyclically (spec §4); -1 means nothing chosen yet. */
export function nextIndex(current: number, length: number, step: 1 | -1): number {
  if (length === 0) return -1;
  if (current < 0) return step === 1 ? 0 : length - 1;
  return (current + step + length) % length;
}

export interface SearchSuggestions {
  /** What the box shows: typed, or filled by the arrow keys. */
  keyword: string;
  items: DropdownItem[];
  isShowingHistory: boolean;
  isDropdownVisible: boolean;
  activeIndex: number;
  type: (value: string) => void;
  /**
   * Arrow keys cycle and fill the box; Escape closes an open list, and a second Escape empties
   * the box (the APG combobox); true when the key was handled.
   */
  press: (key: string) => boolean;
  focus: () => void;
  blur: () => void;
  /** Goes to the results of a keyword and remembers it; an empty keyword does nothing. */
  search: (value: string) => void;
  clearHistory: () => void;
}

/** Recent searches in local storage, newest first (spec §9). */
function useSearchHistory() {
  // Read once in the browser (the server has no local storage and reads none); the list only
  // shows once the box is focused, so the server's markup and the first render agree.
  const [history, setHistory] = useState(readSearchHistory);
  return {
    history,
    remember: (key: string) => {
      const next = addToHistory(history, key);
      saveSearchHistory(next);
      setHistory(next);
    },
    forget: () => {
      clearSearchHistory();
      setHistory([]);
    },
  };
}

/**
 * Suggestions for the typed keyword, asked 200 ms after it stops changing; an answer to an
 * earlier keyword is dropped. `onAnswer` runs when a current answer arrives.
 */
function useSuggestions(typedKey: string, onAnswer: (list: Suggestion[]) => void) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const requestSeq = useRef(0);
  const answered = useEffectEvent(onAnswer);
  useEffect(() => {
    const key = typedKey.trim();
    // A newer keyword (even an empty one) makes every earlier answer stale.
    const seq = ++requestSeq.current;
    if (!key) return;
    const timer = setTimeout(() => {
      callApi(searchCalls.searchAssociateWord, { key })
        .then((list) => {
          if (seq !== requestSeq.current) return;
          setSuggestions(list);
          answered(list);
        })
        .catch(() => {
          // Suggestions are a convenience: a failed call just shows none.
          if (seq === requestSeq.current) setSuggestions([]);
        });
    }, shellLimits.suggestionDebounceMs);
    return () => {
      clearTimeout(timer);
    };
  }, [typedKey]);
  return {
    suggestions,
    clear: () => {
      setSuggestions([]);
    },
  };
}
/** Hides the dropdown a moment after blur (so a click on one of its items still lands); cancelled by focus. */
function useDelayedHide(hide: () => void) {
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelHide = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
  };
  useEffect(() => cancelHide, []);
  return {
    cancel: cancelHide,
    schedule: () => {
      cancelHide();
      hideTimer.current = setTimeout(hide, shellLimits.suggestionBlurHideMs);
    },
  };
}

function dropdownItemsOf(suggestions: Suggestion[], history: string[]): DropdownItem[] {
  return suggestions.length > 0
    ? suggestions.map((suggestion) => ({ kind: 'suggestion', key: suggestion.key, count: suggestion.searchResultCount }))
    : history.map((key) => ({ kind: 'history', key }));
}

/**
 * The header search box's behaviour (spec §4): suggestions 200 ms after typing pauses (only the
 * latest answer counts), shown on focus, recent searches when there are none, hidden 200 ms
 * after blur, arrow keys cycle and fill, Enter searches and remembers the keyword. The mobile
 * site passes its own results address and the keyword its results page shows.
 */
export function useSearchSuggestions(resultsUrl: (keyword: string) => string = searchUrl, initialKeyword = ''): SearchSuggestions {
  const [keyword, setKeyword] = useState(initialKeyword);
  const [typedKey, setTypedKey] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const { history, remember, forget } = useSearchHistory();
  // A fresher list may arrive after the arrow keys chose an item of the previous one: the
  // choice stays on the same key when the new list has it.
  const { suggestions, clear } = useSuggestions(typedKey, (list) => {
    setActiveIndex(activeIndex < 0 ? -1 : list.findIndex((suggestion) => suggestion.key === keyword));
  });
  const delayedHide = useDelayedHide(() => {
    setIsOpen(false);
    setActiveIndex(-1);
  });
  const items = dropdownItemsOf(suggestions, history);

  return {
    keyword,
    items,
    isShowingHistory: suggestions.length === 0,
    isDropdownVisible: isOpen && items.length > 0,
    activeIndex,
    type(value) {
      setKeyword(value);
      setTypedKey(value);
      if (!value.trim()) clear();
      setActiveIndex(-1);
      setIsOpen(true);
    },
    press(key) {
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        const index = nextIndex(activeIndex, items.length, key === 'ArrowDown' ? 1 : -1);
        const item = items[index];
        setIsOpen(true);
        setActiveIndex(index);
        if (item) setKeyword(item.key);
        return true;
      }
      if (key === 'Escape') {
        setActiveIndex(-1);
        if (isOpen && items.length > 0) {
          setIsOpen(false);
          return true;
        }
        if (!keyword) return false;
        setKeyword('');
        setTypedKey('');
        clear();
        return true;
      }
      return false;
    },
    focus() {
      delayedHide.cancel();
      setIsOpen(true);
    },
    blur() {
      delayedHide.schedule();
    },
    search(value) {
      const key = value.trim();
      if (!key) return;
      remember(key);
      setIsOpen(false);
      window.location.assign(resultsUrl(key));
    },
    clearHistory() {
      forget();
      setActiveIndex(-1);
    },
  };
}
