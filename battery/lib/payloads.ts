import fc, { type Arbitrary } from 'fast-check';
import type { TableCall } from './call-table.ts';
import { edgeBodies } from './edge-payloads.ts';
import { nastyValueArbitrary } from './nasty-values.ts';
import { jsonSchemaOf, validishArbitrary } from './schema-arbitrary.ts';

/** One generated request body with its content type (null: none sent). */
export interface FuzzPayload {
  /** What kind of payload it is: a field's edge, validish, mutated, any JSON, not JSON, a wrong content type. */
  kind: 'edge' | 'validish' | 'mutated' | 'json' | 'raw' | 'contentType';
  body: string | Buffer;
  contentType: string | null;
}

const json = 'application/json';

/** Keys that pollute prototypes or shadow methods when a server merges objects carelessly. */
const pollutingKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then'];

const otherContentTypes = [
  null,
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json, text/plain',
  'application/vnd.api+json',
  'Application/JSON',
  'application/json;' + 'a'.repeat(5_000),
  '*/*',
  '',
];

type Mutation =
  | { kind: 'drop'; index: number }
  | { kind: 'replace'; index: number; value: unknown }
  | { kind: 'add'; key: string; value: unknown }
  | { kind: 'pollute'; key: string; value: unknown }
  | { kind: 'wrap' };

const mutationArbitrary: Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('drop' as const), index: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), index: fc.nat(), value: nastyValueArbitrary }), weight: 6 },
  {
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('userId', 'id', 'isAdmin', 'price')),
      value: nastyValueArbitrary,
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('pollute' as const),
      key: fc.constantFrom(...pollutingKeys),
      value: fc.oneof(nastyValueArbitrary, fc.constant({ isAdmin: true, polluted: 'yes' })),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'wrap' as const }), weight: 1 },
);

/** JSON text of any value: undefined (a left-out field) reads as null. */
export function jsonText(value: unknown): string {
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** JSON text of the value with the mutations applied; keys are written by hand so `__proto__` stays an own key. */
function mutatedJson(value: unknown, mutations: Mutation[]): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return jsonText(value);
  let entries: [string, unknown][] = Object.entries(value);
  let isWrapped = false;
  for (const mutation of mutations) {
    if (mutation.kind === 'wrap') {
      isWrapped = true;
    } else if (mutation.kind === 'drop') {
      if (entries.length > 0) entries = entries.filter((_, i) => i !== mutation.index % entries.length);
    } else if (mutation.kind === 'replace') {
      if (entries.length > 0) {
        const target = mutation.index % entries.length;
        entries = entries.map(([key, old], i) => [key, i === target ? mutation.value : old]);
      }
    } else {
      entries.push([mutation.key, mutation.value]);
    }
  }
  const text = `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${jsonText(entry)}`).join(',')}}`;
  return isWrapped ? `[${text}]` : text;
}

/** The JSON object's fields as a form would send them. */
function formEncoded(text: string): string {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) return text;
  return new URLSearchParams(Object.entries(value).map(([key, field]) => [key, String(field)])).toString();
}

/** Bodies no JSON parser should take quietly. */
function rawBodyArbitrary(validJson: Arbitrary<string>): Arbitrary<string | Buffer> {
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      'null',
      '{',
      '}',
      '{"a":',
      '[',
      '"',
      '\u0000',
      '{}garbage',
      '{"a":1}{"b":2}',
      "{'a':1}",
      '{a:1}',
      '{"a":1,}',
      '/* c */{}',
      'NaN',
      'undefined',
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    validJson.chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
    validJson.map((text) => `\ufeff${text}`),
    validJson.map((text) => Buffer.concat([Buffer.from(text.slice(0, -1)), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('}')])),
    validJson.chain((text) =>
      fc
        .constantFrom('1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0', '0.1e1', '1E3')
        .map((number) => text.replace(/-?\d+(\.\d+)?([eE][+-]?\d+)?/, number)),
    ),
    validJson.map((text) => text.replace(/^\{/, '{"quantity":1,"quantity":-5,"productId":1,"productId":"x",')),
    fc.constant(`{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`),
    fc.constant(`${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`),
  );
}

/**
 * Every kind of payload for one call: mostly bodies its schema accepts or nearly accepts
 * (so the services run, not only validation), then the same with one or two fields broken,
 * any JSON, bodies that are not JSON, and JSON under wrong content types.
 */
export function payloadArbitrary(call: TableCall): Arbitrary<FuzzPayload> {
  const validish = validishArbitrary(jsonSchemaOf(call.schema));
  const validJson = validish.map((value) => jsonText(value));
  return fc.oneof(
    { arbitrary: validJson.map((body) => ({ kind: 'validish' as const, body, contentType: json })), weight: 35 },
    {
      arbitrary: fc
        .tuple(validish, fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }))
        .map(([value, mutations]) => ({ kind: 'mutated' as const, body: mutatedJson(value, mutations), contentType: json })),
      weight: 35,
    },
    {
      arbitrary: fc.oneof(fc.jsonValue(), nastyValueArbitrary).map((value) => ({ kind: 'json' as const, body: jsonText(value), contentType: json })),
      weight: 10,
    },
    { arbitrary: rawBodyArbitrary(validJson).map((body) => ({ kind: 'raw' as const, body, contentType: json })), weight: 10 },
    {
      arbitrary: fc
        .tuple(fc.oneof(validJson, validJson.map(formEncoded)), fc.constantFrom(...otherContentTypes))
        .map(([body, contentType]) => ({ kind: 'contentType' as const, body, contentType })),
      weight: 10,
    },
  );
}

/**
 * `count` payloads for the call, the same ones for the same seed: the systematic edges of each
 * field first (edge-payloads.ts, at most half of them), then generated ones.
 */
export function samplePayloads(call: TableCall, count: number, seed: number): FuzzPayload[] {
  const edges = edgeBodies(call, seed)
    .slice(0, Math.floor(count / 2))
    .map((body) => ({ kind: 'edge' as const, body, contentType: json }));
  return [...edges, ...fc.sample(payloadArbitrary(call), { numRuns: count - edges.length, seed })];
}

/** A body for reports: JSON-escaped, cut to `max` characters with the full length given. */
export function describeBody(body: string | Buffer, max = 300): string {
  const text = Buffer.isBuffer(body) ? `<bytes ${body.toString('hex').slice(0, max)}>` : JSON.stringify(body.slice(0, max));
  return body.length > max ? `${text}… (${body.length} ${Buffer.isBuffer(body) ? 'bytes' : 'chars'})` : text;
}
