import fc from 'fast-check';
import type { TableCall } from './call-table.ts';
import { jsonSchemaOf, validishArbitrary } from './schema-arbitrary.ts';

/** A field's value with `inserted` in its middle (a string made of it when it is not one). */
function tainted(value: unknown, inserted: string): string {
  const text = typeof value === 'string' && value.length > 0 ? value : 'ab';
  const middle = Math.ceil(text.length / 2);
  return `${text.slice(0, middle)}${inserted}${text.slice(middle)}`;
}

/** What each field of a body that would otherwise pass gets in turn, the likeliest trouble first: one odd thing at a time. */
const fieldEdges: { name: string; of: (value: unknown) => unknown }[] = [
  { name: 'NUL inside', of: (value) => tainted(value, '\u0000') },
  { name: 'control character inside', of: (value) => tainted(value, '\u001b') },
  { name: 'lone surrogate inside', of: (value) => tainted(value, '\ud800') },
  { name: 'line separator inside', of: (value) => tainted(value, '\u2028') },
  { name: 'quote and backslash inside', of: (value) => tainted(value, `'"\\%_`) },
  { name: '10,000 characters', of: (value) => tainted(value, 'x'.repeat(10_000)) },
  { name: 'null', of: () => null },
  { name: 'the other type', of: (value) => (typeof value === 'string' ? 12_345 : typeof value === 'number' ? String(value) : 'x') },
  { name: 'beyond int32', of: () => 2_147_483_648 },
  { name: 'negative', of: () => -1 },
  { name: 'an object', of: () => ({ $gt: '' }) },
];

/** Up to `max` bodies the schema would take, with different sets of fields (one per variant of a union such as doLogin's). */
function baseBodies(call: TableCall, seed: number, max = 3): Record<string, unknown>[] {
  const samples = fc.sample(validishArbitrary(jsonSchemaOf(call.schema)), { numRuns: 40, seed });
  const bySignature = new Map<string, Record<string, unknown>>();
  for (const sample of samples) {
    if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) continue;
    const fields = sample as Record<string, unknown>;
    const signature = Object.keys(fields).sort().join(',');
    if (!bySignature.has(signature)) bySignature.set(signature, fields);
  }
  return [...bySignature.values()].sort((a, b) => Object.keys(b).length - Object.keys(a).length).slice(0, max);
}

/**
 * The systematic part of the fuzz: for every field of the call's bodies, each edge above in turn
 * while the other fields stay plausible, so that every run puts a NUL, a control character, a
 * lone surrogate… into every field of every call, whatever the random part draws.
 */
export function edgeBodies(call: TableCall, seed: number): string[] {
  const bases = baseBodies(call, seed);
  const bodies: string[] = [];
  // Edge by edge, so that a caller keeping only the first bodies still has the first edges in every field.
  for (const edge of fieldEdges) {
    for (const base of bases) {
      for (const field of Object.keys(base)) bodies.push(JSON.stringify({ ...base, [field]: edge.of(base[field]) }));
    }
  }
  return bodies;
}
