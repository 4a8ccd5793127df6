import { stripControlChars } from '../../contract/control-chars.ts';

/**
 * The one reading of a page's address that loaders get: the first value of a repeated query
 * parameter (`?key=a&key=b` reads `a`, as a browser form sends one), and no control characters
 * in any value (none belongs in an address; PostgreSQL refuses NUL).
 */
export function pageQueryOf(query: unknown): Record<string, string | undefined> {
  if (typeof query !== 'object' || query === null) return {};
  return Object.fromEntries(
    Object.entries(query).flatMap(([name, value]) => {
      const first: unknown = Array.isArray(value) ? value[0] : value;
      return typeof first === 'string' ? [[name, stripControlChars(first)]] : [];
    }),
  );
}

/** A page's path parameters (`/product/detail/:productId`), without control characters. */
export function pageParamsOf(params: unknown): Record<string, string> {
  if (typeof params !== 'object' || params === null) return {};
  return Object.fromEntries(Object.entries(params).flatMap(([name, value]) => (typeof value === 'string' ? [[name, stripControlChars(value)]] : [])));
}
