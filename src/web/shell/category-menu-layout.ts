import { shellLimits } from '../../contract/shell.ts';

/** Spec §9: category names in the menu are cut at 9 characters. */
export function cutCategoryName(name: string, length: number = shellLimits.menuNameLength): string {
  const chars = Array.from(name);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : name;
}

/** Items split into columns of 7, at most 3 columns; what does not fit is left to the category page. */
export function splitIntoColumns<T>(items: readonly T[], perColumn: number = shellLimits.menuColumnItems, maxColumns: number = shellLimits.menuColumns): T[][] {
  const columns: T[][] = [];
  for (let start = 0; start < items.length && columns.length < maxColumns; start += perColumn) columns.push(items.slice(start, start + perColumn));
  return columns;
}
