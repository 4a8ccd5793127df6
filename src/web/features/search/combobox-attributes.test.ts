import { describe, expect, it } from 'vitest';
import { comboboxAttributes, optionId } from './combobox-attributes.ts';

describe('the search combobox attributes', () => {
  it('names the listbox and the active option only while the list is shown', () => {
    expect(comboboxAttributes({ isDropdownVisible: false, activeIndex: 2 }, 'list')).toEqual({
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': false,
      'aria-controls': undefined,
      'aria-activedescendant': undefined,
    });
    expect(comboboxAttributes({ isDropdownVisible: true, activeIndex: -1 }, 'list')).toMatchObject({
      'aria-expanded': true,
      'aria-controls': 'list',
      'aria-activedescendant': undefined,
    });
    expect(comboboxAttributes({ isDropdownVisible: true, activeIndex: 2 }, 'list')).toMatchObject({ 'aria-activedescendant': optionId('list', 2) });
    expect(optionId('list', 2)).toBe('list-option-2');
  });
});
