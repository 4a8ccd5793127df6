import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './open-api.document.ts';

/**
 * The document integrators generate clients from, linted by Redocly's linter (the engine of
 * `redocly lint`) with its strict recommended rules: every warning fails. Two rules are off and
 * a few are turned up, each for the reason beside it.
 */
const lintConfig = createConfig({
  extends: ['recommended-strict'],
  rules: {
    // The API is the store's service to its members, used under the member agreement: no licence to name.
    'info-license': 'off',
    'info-license-strict': 'off',
    // What integrators read: every operation and parameter explained, tags declared, path parameters used.
    'operation-description': 'error',
    'parameter-description': 'error',
    'operation-tag-defined': 'error',
    'path-params-defined': 'error',
    // Every success tells the limit; every 429 when to retry.
    'response-contains-header': {
      severity: 'error',
      names: { '200': ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'], '429': ['Retry-After'] },
    },
  },
});

async function problemsOf(document: unknown): Promise<NormalizedProblem[]> {
  return lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config: await lintConfig });
}

function reportOf(problems: readonly NormalizedProblem[]): string {
  return problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`).join('\n');
}

describe('the OpenAPI document of /open/v1, linted', () => {
  it('passes Redocly lint with no error and no warning', async () => {
    const problems = await problemsOf(buildOpenApiDocument('https://www.xinpin.example'));
    expect(problems, reportOf(problems)).toEqual([]);
  });

  it('fails on a broken document: a dangling reference, an operation without success, an undeclared path parameter', async () => {
    const document = structuredClone(buildOpenApiDocument('https://www.xinpin.example')) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters: unknown[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    delete document.components.schemas.PriceTier;
    const stock = document.paths['/open/v1/products/{productId}/stock']?.get;
    if (!stock) throw new Error('no stock operation');
    delete stock.responses['200'];
    stock.parameters = [];
    const ruleIds = new Set((await problemsOf(document)).map((problem) => problem.ruleId));
    expect([...ruleIds]).toEqual(expect.arrayContaining(['no-unresolved-refs', 'operation-2xx-response', 'path-parameters-defined']));
  });
});
