import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { methodNotAllowedStatus, openApiResponseHeaders } from '../../../../contract/open-api.ts';
import { buildOpenApiDocument } from '../open-api.document.ts';

/**
 * Checks an answer of /open/v1 against the OpenAPI document the server serves, as a program built
 * from the document would read it: the status is one its operation lists, the body matches that
 * response's schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses), its required headers are there
 * and every documented header it carries has the documented type. A path the document lacks must
 * be 404 and a method it lacks 405 with Allow, both in the Failure schema.
 */

interface HeaderDoc {
  required?: boolean;
  schema?: object;
  $ref?: string;
}

interface ResponseDoc {
  headers?: Record<string, HeaderDoc>;
  content?: Record<string, unknown>;
}

interface Document {
  paths: Record<string, Record<string, { responses: Record<string, ResponseDoc> }>>;
  components: { headers: Record<string, HeaderDoc> };
}

const documentId = 'openapi.json';
const document = buildOpenApiDocument('http://localhost') as unknown as Document;
// strict off: OpenAPI's schemas carry `example`, which is no JSON Schema keyword.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, documentId);

const validators = new Map<string, ValidateFunction>();

function pointerOf(...segments: string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function validatorAt(pointer: string): ValidateFunction {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${documentId}#${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

/** The documented path a request path falls on; literal segments first, as the router matches. */
function documentedPathOf(pathname: string): string | null {
  const candidates = Object.keys(document.paths)
    .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`), params: (path.match(/\{/g) ?? []).length }))
    .filter((candidate) => candidate.pattern.test(pathname))
    .sort((a, b) => a.params - b.params);
  return candidates[0]?.path ?? null;
}

function expectBodyMatches(response: LightMyRequestResponse, pointer: string, label: string) {
  // HEAD answers GET's headers without its body.
  if (response.raw.req.method === 'HEAD') return;
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const validate = validatorAt(pointer);
  const isValid = validate(response.json());
  expect(isValid, `${label}: ${ajv.errorsText(validate.errors)}\n${response.body.slice(0, 500)}`).toBe(true);
}

function headerDocOf(header: HeaderDoc): HeaderDoc {
  const name = header.$ref?.split('/').pop();
  return name ? (document.components.headers[name] ?? header) : header;
}

function expectHeadersMatch(response: LightMyRequestResponse, headers: Record<string, HeaderDoc>, label: string) {
  for (const [name, reference] of Object.entries(headers)) {
    const header = headerDocOf(reference);
    const value = response.headers[name.toLowerCase()];
    if (header.required) expect(value, `${label}: header ${name}`).toBeDefined();
    if (value === undefined || !header.schema) continue;
    const validate = ajv.compile(header.schema);
    const parsed = /^-?\d+$/.test(String(value)) ? Number(value) : value;
    expect(validate(parsed), `${label}: header ${name}=${String(value)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
}

/** The answer `response` to `method url` is one the document describes. */
export function expectDocumented(method: string, url: string, response: LightMyRequestResponse): void {
  const pathname = new URL(url, 'http://localhost').pathname;
  const label = `${method} ${url} → ${response.statusCode}`;
  const path = documentedPathOf(pathname);
  const failure = pointerOf('components', 'schemas', 'Failure');
  if (!path) {
    expect(response.statusCode, label).toBe(404);
    expectBodyMatches(response, failure, label);
    return;
  }
  const operations = document.paths[path] ?? {};
  const operation = operations[method === 'HEAD' ? 'get' : method.toLowerCase()];
  if (!operation) {
    expect(response.statusCode, label).toBe(methodNotAllowedStatus);
    expect(response.headers[openApiResponseHeaders.allow.toLowerCase()], label).toContain(Object.keys(operations)[0]?.toUpperCase());
    expectBodyMatches(response, failure, label);
    return;
  }
  const status = String(response.statusCode);
  const documented = operation.responses[status];
  expect(documented, `${label}: status ${status} is not among ${Object.keys(operation.responses).join(', ')}`).toBeDefined();
  if (!documented) return;
  expectHeadersMatch(response, documented.headers ?? {}, label);
  if (documented.content)
    expectBodyMatches(response, pointerOf('paths', path, method.toLowerCase(), 'responses', status, 'content', 'application/json', 'schema'), label);
}

/** A webhook body the store sent is the one the document's `webhooks` map describes for its event type. */
export function expectWebhookDocumented(eventType: string, body: unknown): void {
  const validate = validatorAt(pointerOf('webhooks', eventType, 'post', 'requestBody', 'content', 'application/json', 'schema'));
  expect(validate(body), `webhook ${eventType}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
