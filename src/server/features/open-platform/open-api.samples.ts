import { formatBeijingRfc3339 } from '../../../contract/time.ts';
import type { JsonSchema } from './open-api.document.ts';

/*
 * A sample value of a schema of the document, for the response examples of /api/index: each field
 * its `example`, else its enumeration's first value, else a value of its type; nullable fields
 * show their value, not null; arrays one item. Written from the document, so a new field shows.
 */

type Components = Record<string, JsonSchema>;

const depthMax = 8;

/** A time as the API writes them (RFC 3339, Beijing). */
const sampleTime = formatBeijingRfc3339(Date.UTC(2026, 11, 6, 2, 30));

function referenced(schema: JsonSchema, components: Components): JsonSchema {
  const name = typeof schema.$ref === 'string' ? schema.$ref.split('/').pop() : undefined;
  return name ? { ...components[name], ...schema, $ref: undefined } : schema;
}

function scalarOf(schema: JsonSchema, type: string): unknown {
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  return typeof schema.description === 'string' && /时间|RFC 3339/.test(schema.description) ? sampleTime : '';
}

export function sampleOf(input: JsonSchema, components: Components, depth = 0): unknown {
  const schema = referenced(input, components);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? null;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(options)) {
    const option = options.find((each) => referenced(each, components).type !== 'null') ?? options[0] ?? {};
    return sampleOf({ ...option, ...(typeof schema.description === 'string' ? { description: schema.description } : {}) }, components, depth);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((each) => each !== 'null') ?? types[0];
  if (depth > depthMax) return type === 'array' ? [] : type === 'object' ? {} : null;
  if (type === 'object' || schema.properties !== undefined) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    return Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, sampleOf(property, components, depth + 1)]));
  }
  if (type === 'array') return [sampleOf((schema.items ?? {}) as JsonSchema, components, depth + 1)];
  return scalarOf(schema, type ?? 'string');
}
