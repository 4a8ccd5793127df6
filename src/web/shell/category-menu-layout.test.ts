import { describe, expect, it } from 'vitest';
import { cutCategoryName, splitIntoColumns } from './category-menu-layout.ts';

describe('category menu layout', () => {
  it('keeps names of up to 9 characters and cuts longer ones at 9', () => {
    expect(cutCategoryName('贴片电阻')).toBe('贴片电阻');
    expect(cutCategoryName('一二三四五六七八九')).toBe('一二三四五六七八九');
    expect(cutCategoryName('一二三四五六七八九十')).toBe('一二三四五六七八九…');
    expect(cutCategoryName('USB Type-C连接器')).toBe('USB Type-…');
  });

  it('splits items into columns of 7', () => {
    const items = Array.from({ length: 15 }, (_, i) => i);
    expect(splitIntoColumns(items).map((column) => column.length)).toEqual([7, 7, 1]);
  });

  it('shows at most 3 columns (21 items)', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const columns = splitIntoColumns(items);
    expect(columns).toHaveLength(3);
    expect(columns.flat()).toEqual(items.slice(0, 21));
  });

  it('gives no column for no items', () => {
    expect(splitIntoColumns([])).toEqual([]);
  });
});
