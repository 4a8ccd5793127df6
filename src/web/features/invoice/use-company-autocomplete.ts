import { useEffect, useRef, useState } from 'react';
import { isCompanyQuery, type CompanyInfo } from '../../../contract/invoice.ts';
import { companyCalls } from '../../../contract/invoice-calls.ts';
import { shellLimits } from '../../../contract/shell.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';
import { nextIndex } from '../search/use-search-suggestions.ts';

/** Names containing the typed text, asked 200 ms after typing pauses; an answer to an older text is dropped. */
function useCompanyNames(typed: string): string[] {
  const [names, setNames] = useState<string[]>([]);
  const sequence = useRef(0);
  useEffect(() => {
    const query = typed.trim();
    const current = ++sequence.current;
    if (!isCompanyQuery(query)) return;
    const timer = setTimeout(() => {
      callApi(companyCalls.queryCompanyNameList, { name: query })
        .then((list) => {
          if (current === sequence.current) setNames(list);
        })
        .catch(() => {
          // The autocomplete is a convenience: a failed lookup just offers nothing.
          if (current === sequence.current) setNames([]);
        });
    }, shellLimits.suggestionDebounceMs);
    return () => {
      clearTimeout(timer);
    };
  }, [typed]);
  return isCompanyQuery(typed) ? names : [];
}

export interface CompanyAutocomplete {
  names: string[];
  isOpen: boolean;
  activeIndex: number;
  type: (value: string) => void;
  focus: () => void;
  blur: () => void;
  /** Arrow keys move through the names, Enter takes one, Escape closes; true when the key was handled. */
  press: (key: string) => boolean;
  choose: (name: string) => void;
}

/**
 * The company-name field's behaviour: suggestions from the store's company register while typing;
 * choosing a name fills it in and asks for the company's invoice details (`onInfo`).
 */
export function useCompanyAutocomplete(value: string, onChange: (name: string) => void, onInfo: (info: CompanyInfo) => void): CompanyAutocomplete {
  const [typed, setTyped] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const names = useCompanyNames(typed);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  function choose(name: string) {
    onChange(name);
    setIsOpen(false);
    setActiveIndex(-1);
    callApi(companyCalls.queryCompanyInfo, { name })
      .then((info) => {
        if (info) onInfo(info);
      })
      .catch((error: unknown) => {
        toastIfMessage(errorMessageOf(error));
      });
  }

  return {
    names,
    isOpen: isOpen && names.length > 0 && value.trim() !== '',
    activeIndex,
    type: (next) => {
      onChange(next);
      setTyped(next);
      setIsOpen(true);
      setActiveIndex(-1);
    },
    focus: () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
      setIsOpen(true);
    },
    blur: () => {
      hideTimer.current = setTimeout(() => setIsOpen(false), shellLimits.suggestionBlurHideMs);
    },
    press: (key) => {
      if (!isOpen || names.length === 0) return false;
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        setActiveIndex(nextIndex(activeIndex, names.length, key === 'ArrowDown' ? 1 : -1));
        return true;
      }
      const chosen = names[activeIndex];
      if (key === 'Enter' && chosen !== undefined) {
        choose(chosen);
        return true;
      }
      if (key === 'Escape') {
        setIsOpen(false);
        return true;
      }
      return false;
    },
    choose,
  };
}
