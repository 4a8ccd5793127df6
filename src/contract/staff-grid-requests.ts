import { z } from 'zod';
import { gridDefaultPageSize, gridMaxPage, gridMessages, gridPageSizes, isCalendarDay } from './staff-grid.ts';

/*
 * The zod schemas of the console's list calls (server side only: decision 0003). The browser's
 * grids import staff-grid.ts, which holds no schema, so zod never reaches their bundle.
 */

const invalid = gridMessages.invalid;

/**
 * A list call's request: `{page ≥1 (1), pageSize 10|20|50|100 (20), sort?: {column, direction}, filters}`.
 * Only the listed columns sort (the server maps each to an expression, so nothing else reaches SQL);
 * the filters' fields should be optional: `{}` is a valid request and lists everything.
 */
export function gridQuerySchema<const Columns extends readonly [string, ...string[]], Shape extends z.ZodRawShape>(sortColumns: Columns, filterShape: Shape) {
  const filters = z.object(filterShape, invalid);
  return z.object(
    {
      page: z.number(invalid).int(invalid).min(1, invalid).max(gridMaxPage, invalid).default(1),
      pageSize: z.literal(gridPageSizes, invalid).default(gridDefaultPageSize),
      sort: z.object({ column: z.enum(sortColumns, invalid), direction: z.enum(['asc', 'desc'], invalid) }, invalid).optional(),
      filters: filters.prefault({} as z.input<typeof filters>),
    },
    invalid,
  );
}

/** A filter field of free text: trimmed, at most `max` characters (an empty one filters nothing). */
export function gridTextFilter(max = 64, tooLong: string = invalid) {
  return z.string(invalid).trim().max(max, tooLong).optional();
}

/** `yes` / `no` filters of a flag (a select's values), anything else refused. */
export const gridFlagFilter = z.enum(['yes', 'no'], invalid).optional();

/** A grid's date filter: a calendar day (Beijing), or empty for none. */
export function gridDayFilter(message: string) {
  return z
    .string(message)
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, message)
    .refine((text) => text === '' || isCalendarDay(text), message)
    .optional();
}
