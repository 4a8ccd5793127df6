import type { SearchSuggestions } from './use-search-suggestions.ts';

/** The id of a suggestion list's option, named by aria-activedescendant while the arrow keys rest on it. */
export function optionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

/**
 * The WAI-ARIA 1.2 combobox attributes of a search input whose popup is a listbox. aria-controls
 * and aria-activedescendant name the listbox and its option only while the list is shown (an id
 * reference to an element not in the page is an error).
 */
export function comboboxAttributes(box: Pick<SearchSuggestions, 'isDropdownVisible' | 'activeIndex'>, listboxId: string) {
  const isOpen = box.isDropdownVisible;
  return {
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': isOpen,
    'aria-controls': isOpen ? listboxId : undefined,
    'aria-activedescendant': isOpen && box.activeIndex >= 0 ? optionId(listboxId, box.activeIndex) : undefined,
  } as const;
}
