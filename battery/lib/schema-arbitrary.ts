import fc, { type Arbitrary } from 'fast-check';
import { z } from 'zod';

/** The part of JSON Schema that zod's toJSONSchema writes for the store's request schemas. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** What the request schema accepts as input (before defaults and transforms), as JSON Schema. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const digits = (length: number) => fc.string({ unit: fc.constantFrom('0', '1', '2', '3', '4', '5', '6', '7', '8', '9'), minLength: length, maxLength: length });

/**
 * Field names say more than the JSON Schema can (the rules of rules.ts are refinements it
 * does not show): a field named like a phone gets phone numbers, a code field digits, and so
 * on, so that many payloads pass validation and reach the services. Any other field gets the
 * generic values of its type.
 */
const plausibleByFieldName: [RegExp, Arbitrary<unknown>][] = [
  [/phone|useraccount|mobile/i, fc.oneof(fc.stringMatching(/^1[3-9]\d{9}$/), fc.stringMatching(/^U20\d{10}$/), fc.stringMatching(/^\d{11}$/))],
  [/smscode/i, digits(6)],
  // The demo store's categories, brands and ads have small ids; a first-level category is one in five.
  [/^(category(first|second)?id|brandid|adid)$/i, fc.integer({ min: 1, max: 120 })],
  [
    /quantity/i,
    fc.oneof(
      fc.integer({ min: 1, max: 20 }),
      fc.constantFrom(5, 10, 50, 100, 1_000, 3_000, 5_000).chain((pack) => fc.integer({ min: 1, max: 20 }).map((n) => n * pack)),
    ),
  ],
  [/graphcode/i, fc.stringMatching(/^[A-Za-z0-9]{4}$/)],
  [/password/i, fc.stringMatching(/^[A-Za-z0-9]{6,20}$/)],
  [/inviter/i, fc.oneof(fc.stringMatching(/^1[3-9]\d{9}$/), fc.stringMatching(/^U20\d{10}$/))],
  [/^(key|code)$/i, fc.oneof(fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,15}$/), fc.constantFrom('STM32', '电阻', '0603', 'LM358', '10k', '贴片电容', 'TL431'))],
  [/^package$/i, fc.constantFrom('0603', '0805', 'SOT-23', 'SOP-8', 'QFN-32', '')],
  [
    /^filter$/i,
    fc.oneof(
      fc.constant(''),
      fc
        .dictionary(
          fc.oneof(fc.integer({ min: 1, max: 200 }).map(String), fc.constant('brand')),
          fc.oneof(
            fc.array(fc.oneof(fc.constantFrom('10kΩ', '100nF', '1%', '0603'), fc.integer({ min: 1, max: 50 }).map(String)), { minLength: 1, maxLength: 4 }),
            fc.record({ min: fc.integer({ min: 0, max: 100 }), max: fc.integer({ min: 100, max: 10_000 }) }, { requiredKeys: [] }),
          ),
          { maxKeys: 3 },
        )
        .map((filter) => JSON.stringify(filter)),
    ),
  ],
];

function plausibleFor(field: string): Arbitrary<unknown> | undefined {
  return plausibleByFieldName.find(([pattern]) => pattern.test(field))?.[1];
}

function stringArbitrary(schema: JsonSchema): Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, 40);
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

function numberArbitrary(schema: JsonSchema, isInteger: boolean): Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? -1_000_000 : schema.exclusiveMinimum + (isInteger ? 1 : Number.EPSILON));
  const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1_000_000 : schema.exclusiveMaximum - (isInteger ? 1 : Number.EPSILON));
  if (!isInteger) return fc.double({ min, max, noNaN: true });
  // Ids and quantities are mostly small: the demo store's ids start at 1.
  return fc.oneof({ arbitrary: fc.integer({ min, max: Math.min(max, min + 400) }), weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

/**
 * Values the schema would mostly accept ("valid-ish"): built from its JSON Schema, with the
 * field-name hints above for strings. Optional fields are sometimes left out.
 */
export function validishArbitrary(schema: JsonSchema, field = ''): Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validishArbitrary(choice, field)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const hint = type === 'string' || type === 'integer' ? plausibleFor(field) : undefined;
  if (hint) return hint;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validishArbitrary(property, name)]));
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'array': {
      const items = schema.items ? validishArbitrary(schema.items, field) : fc.jsonValue();
      return fc.array(items, { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 10, 10) });
    }
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
