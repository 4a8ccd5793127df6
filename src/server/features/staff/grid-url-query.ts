import type { z } from 'zod';
import { gridPagingOfUrl, isGridPagingName } from '../../../contract/grid-url.ts';
import { gridDefaultPageSize, type GridPage, type GridSort, type GridView } from '../../../contract/staff-grid.ts';

export interface GridStart<Request> {
  /** The list call's request, ready for its service. */
  request: Request;
  /** What the grid shows first: put on the loaded page as `view` so the grid keeps it in the URL. */
  view: GridView;
}

type UrlQuery = Readonly<Record<string, string | undefined>>;
type FilterValue = string | number;

function filterIssueNames(error: z.ZodError): string[] | null {
  const names = error.issues.map((issue) => (issue.path[0] === 'filters' && typeof issue.path[1] === 'string' ? issue.path[1] : null));
  return names.every((name): name is string => name !== null) ? [...new Set(names)] : null;
}

/**
 * A page loader's first page of a grid, from the page's URL (contract/grid-url.ts): page, size, a
 * sort among the list's columns and the filters the list's schema takes. A value the schema
 * refuses falls back to its default (a numeric text is tried as a number first, for id filters),
 * so a hand-edited or stale link shows a grid, never an error page. Parameters the list does not
 * know (the page's own, such as ?id=) are left alone.
 */
export function gridStartOfUrl<Schema extends z.ZodType>(
  schema: Schema,
  query: UrlQuery,
  defaultFilters: Readonly<Record<string, string>> = {},
): GridStart<z.output<Schema>> {
  const paging = gridPagingOfUrl(query);
  const sort: GridSort | undefined = paging.sort && schema.safeParse({ sort: paging.sort }).success ? paging.sort : undefined;
  const texts = new Map(Object.entries(defaultFilters));
  for (const [name, value] of Object.entries(query)) {
    // An empty value only matters where it clears a default (`status=` on a grid that starts at 待处理).
    if (value !== undefined && !isGridPagingName(name) && (value !== '' || name in defaultFilters)) texts.set(name, value);
  }
  const candidate = new Map<string, FilterValue>([...texts].filter(([, value]) => value.trim() !== ''));
  const base = { page: paging.page, pageSize: paging.pageSize, ...(sort ? { sort } : {}) };

  for (let round = 0; round <= 2 * candidate.size; round += 1) {
    const parsed = schema.safeParse({ ...base, filters: Object.fromEntries(candidate) });
    if (parsed.success) {
      const kept = new Set(Object.keys((parsed.data as { filters?: object }).filters ?? {}));
      const filters = Object.fromEntries([...texts].filter(([name, value]) => kept.has(name) || (value.trim() === '' && name in defaultFilters)));
      return { request: parsed.data, view: { ...base, filters } };
    }
    const names = filterIssueNames(parsed.error);
    if (!names) break;
    for (const name of names) {
      const value = candidate.get(name);
      const fallback = defaultFilters[name];
      if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) candidate.set(name, Number(value));
      else if (fallback === undefined || fallback.trim() === '' || value === fallback) {
        candidate.delete(name);
        texts.delete(name);
      } else {
        candidate.set(name, fallback);
        texts.set(name, fallback);
      }
    }
  }
  // Something the filters cannot say alone (a from-to pair, say): the grid as it starts.
  const filters = { ...defaultFilters };
  return {
    request: schema.parse({
      page: 1,
      pageSize: gridDefaultPageSize,
      filters: Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== '')),
    }),
    view: { page: 1, pageSize: gridDefaultPageSize, filters },
  };
}

/** A page loader's first page of a grid as its URL asks (gridStartOfUrl), carrying the view for the grid to keep in the URL. */
export async function gridPageOfUrl<Schema extends z.ZodType, Row>(
  schema: Schema,
  query: UrlQuery,
  list: (request: z.output<Schema>) => Promise<GridPage<Row>>,
  defaultFilters: Readonly<Record<string, string>> = {},
): Promise<GridPage<Row>> {
  const start = gridStartOfUrl(schema, query, defaultFilters);
  return { ...(await list(start.request)), view: start.view };
}
