import type { z } from 'zod';

/**
 * One JSON call of spec §7, declared once: its path, who may make it, its request schema's
 * type and its response type. The table of a domain lives in `<domain>-calls.ts`; the
 * server's `registerCalls`, the browser's `callApi` and the test client all take these, so
 * a path is written in one place and both sides agree on the shapes.
 *
 * Only types come from zod here: the browser imports call tables without the library.
 */
export interface Call<Schema extends z.ZodType, Response, IsMemberOnly extends boolean = boolean> {
  readonly path: string;
  /** Visitors get code 401 and the browser goes to the login page. */
  readonly isMemberOnly: IsMemberOnly;
  /** Never set: carries the schema and response types for inference. */
  readonly types?: { schema: Schema; response: Response };
}

/** Every call: the phantom `types` is read-only, so a call of any schema and response fits. */
export type AnyCall = Call<z.ZodType, unknown>;

/** What the browser sends (before the schema's defaults and trimming). */
export type CallBody<C extends AnyCall> = C extends Call<infer Schema, unknown> ? z.input<Schema> : never;
/** What the server's handler receives (after the schema). */
export type CallRequest<C extends AnyCall> = C extends Call<infer Schema, unknown> ? z.output<Schema> : never;
export type CallResponse<C extends AnyCall> = C extends Call<z.ZodType, infer Response> ? Response : never;

/** A call anyone may make. */
export function publicCall<Schema extends z.ZodType, Response>(path: string): Call<Schema, Response, false> {
  return { path, isMemberOnly: false };
}

/** A call of a logged-in member. */
export function memberCall<Schema extends z.ZodType, Response>(path: string): Call<Schema, Response, true> {
  return { path, isMemberOnly: true };
}
