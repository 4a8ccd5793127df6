import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart, saveShanghaiAddress } from '../order/testing/order-fixture.ts';
import { openRequest } from './testing/open-platform-fixture.ts';

/**
 * The Idempotency-Key lifecycle (contract/api-idempotency-key-lifecycle.ts) under generated rounds of
 * integrator clients sending one key at the same moment, with the same body, another body, or a body
 * whose placement is refused (a server-side failure mid-way: the key was claimed, no order placed),
 * and the clock expiring the key. After every round: at most one order per key and retention window,
 * every success answered byte for byte alike and only to the completing body, other bodies 409, no
 * 5xx, and no key left 处理中. IDEMPOTENCY_MODEL_RUNS sets how many sequences.
 */

const runs = Number(process.env.IDEMPOTENCY_MODEL_RUNS ?? 10);
type BodyKind = 'first' | 'second' | 'refused';

describe('open API Idempotency-Keys under concurrent clients', () => {
  const t = useTestApp({ fixture: async (app) => ({ part: await insertPart(app.db.kysely, await insertOrderCatalog(app.db), { stock: 1_000_000 }) }) });
  let keySerial = 0;

  const bodyOf = (kind: BodyKind) =>
    kind === 'refused'
      ? { lines: [{ productId: t.fixture.part, quantity: 30 }], expectedPayableCents: 1 }
      : { lines: [{ productId: t.fixture.part, quantity: kind === 'first' ? 10 : 20 }] };

  const round = fc.oneof(
    { weight: 5, arbitrary: fc.array(fc.constantFrom<BodyKind>('first', 'first', 'second', 'refused'), { minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.constant('expire' as const) },
  );

  it(`keeps one order and one answer per key, over ${String(runs)} sequences of concurrent rounds`, async () => {
    let rounds = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 6 }), async (sequence) => {
        const member = await t.member();
        await saveShanghaiAddress(member.browser);
        const apiKey = (await member.browser.callOk(apiKeyCalls.create, { name: 'ERP' })).key;
        keySerial += 1;
        const key = `model-${String(keySerial)}`;
        let windows = 0;
        let completed: { kind: BodyKind; body: string } | null = null;
        for (const step of sequence) {
          rounds += 1;
          if (step === 'expire') {
            await t.db.kysely.updateTable('apiIdempotencyKeys').set({ expiresAt: 0 }).where('userId', '=', member.userId).execute();
            completed = null;
            continue;
          }
          const answers = await Promise.all(
            step.map((kind) => openRequest(t, 'POST', '/open/v1/orders', { apiKey, body: bodyOf(kind), headers: { 'idempotency-key': key } })),
          );
          for (const [index, answer] of answers.entries()) {
            const kind = step[index] ?? 'first';
            expect(answer.statusCode, answer.body).toBeLessThan(500);
            if (answer.statusCode !== 200) {
              expect(answer.statusCode, answer.body).toBe(409);
              expect(answer.json<{ errorCode: string }>().errorCode).toMatch(
                kind === 'refused'
                  ? /^(order\.totalChanged|openOrder\.idempotencyKeyReused|openOrder\.idempotencyKeyReleased)$/
                  : /^openOrder\.idempotencyKeyReused$/,
              );
              continue;
            }
            expect(kind, 'a refused body never succeeds').not.toBe('refused');
            if (completed === null) {
              completed = { kind, body: answer.body };
              windows += 1;
            }
            expect(kind, 'only the completing body is answered').toBe(completed.kind);
            expect(answer.body, 'the stored answer, byte for byte').toBe(completed.body);
          }
          const orders = await t.db.kysely.selectFrom('orders').select('id').where('userId', '=', member.userId).execute();
          expect(orders.length, 'one order per key and retention window').toBe(windows);
          const stuck = await t.db.kysely
            .selectFrom('apiIdempotencyKeys')
            .select('claim')
            .where('userId', '=', member.userId)
            .where('answerJson', 'is', null)
            .execute();
          expect(stuck, 'no key left 处理中 after its requests ended').toEqual([]);
        }
      }),
      { numRuns: runs, endOnFailure: true },
    );
    console.info(`idempotency model: ${String(rounds)} rounds in ${String(runs)} sequences`);
  }, 600_000);
});
