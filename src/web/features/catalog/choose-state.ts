import { isNumberRange, serializeChooseFilter, type ChooseFilter, type NumberRange } from '../../../contract/catalog.ts';

/** Ticks or unticks one value of a facet; any change of the selection goes back to page 1. */
export function toggleFilterValue(filter: ChooseFilter, key: string, value: string): ChooseFilter {
  const current = filter[key];
  const values = Array.isArray(current) ? current : [];
  const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
  return withEntry(filter, key, next.length > 0 ? next : undefined);
}

export function setFilterRange(filter: ChooseFilter, key: string, range: NumberRange): ChooseFilter {
  const isEmpty = range.min === undefined && range.max === undefined;
  return withEntry(filter, key, isEmpty ? undefined : range);
}

export function clearFilterKey(filter: ChooseFilter, key: string): ChooseFilter {
  return withEntry(filter, key, undefined);
}

function withEntry(filter: ChooseFilter, key: string, value: string[] | NumberRange | undefined): ChooseFilter {
  if (value !== undefined) return { ...filter, [key]: value };
  return Object.fromEntries(Object.entries(filter).filter(([name]) => name !== key));
}

export function isValueSelected(filter: ChooseFilter, key: string, value: string): boolean {
  const current = filter[key];
  return Array.isArray(current) && current.includes(value);
}

export function rangeOf(filter: ChooseFilter, key: string): NumberRange | null {
  const current = filter[key];
  return isNumberRange(current) ? current : null;
}

export function hasSelection(filter: ChooseFilter): boolean {
  return serializeChooseFilter(filter) !== '';
}
