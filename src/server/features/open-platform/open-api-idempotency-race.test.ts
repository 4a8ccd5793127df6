import { describe, expect, it } from 'vitest';
import { openOrderErrors } from '../../../contract/open-api-orders.ts';
import { AppError } from '../../http/app-error.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertOrderCatalog, insertPart, saveShanghaiAddress } from '../order/testing/order-fixture.ts';
import { testPaymentContext } from '../payment/testing/payment-fixtures.ts';
import { placeIdempotently, placeProgramLines, type OpenOrderCaller, type OpenOrderDeps, type PlaceUnderClaim } from './open-api-orders.service.ts';
import { memberWithKey } from './testing/open-platform-fixture.ts';

/**
 * Two requests with one Idempotency-Key read one claim; one placement fails and releases the key
 * while its twin is still placing under that claim. Staged step by step (the model test only meets
 * this by chance): the release and the twin's placement meet under the member's lock, so the key is
 * never released while an order exists under it, and a third request never places a second order.
 */

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve: () => resolve() };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an Idempotency-Key released while a twin request places under it', () => {
  const t = useTestApp({ fixture: async (app) => ({ part: await insertPart(app.db.kysely, await insertOrderCatalog(app.db), { stock: 10_000 }) }) });
  const body = () => ({ lines: [{ productId: t.fixture.part, quantity: 10 }] });
  const refusal = new AppError(openOrderErrors.partNotFound);

  const depsOf = (): OpenOrderDeps => testPaymentContext(t.deps);

  async function callerOf(key: string): Promise<OpenOrderCaller> {
    const { member } = await memberWithKey(t);
    await saveShanghaiAddress(member.browser);
    const row = await t.db.kysely.selectFrom('apiKeys').select('id').where('userId', '=', member.userId).executeTakeFirstOrThrow();
    return { keyId: row.id, userId: member.userId, isSandbox: false, idempotencyKey: key, origin: 'https://example.test' };
  }

  const options = { carrierCode: 'pickup' as const, poNumber: '', remark: '', invoice: { kind: 'none' as const } };
  const realPlacement =
    (deps: OpenOrderDeps, caller: OpenOrderCaller): PlaceUnderClaim =>
    (claim, confirmUnderLock) =>
      placeProgramLines(deps, caller, { claim, confirmUnderLock }, [{ productId: t.fixture.part, quantity: 10, customerPartNo: '' }], options, Date.now());

  const ordersOf = (userId: number) => t.db.kysely.selectFrom('orders').select('orderNo').where('userId', '=', userId).execute();

  it('refuses the twin that places after the release, and the retry places one order', async () => {
    const deps = depsOf();
    const caller = await callerOf('race-after-release');
    const twinClaimed = deferred();
    const failing = placeIdempotently(deps, caller, body(), async () => {
      await twinClaimed.promise;
      throw refusal;
    });
    const failed = failing.then(
      () => 'placed',
      () => 'refused',
    );
    const twin = placeIdempotently(deps, caller, body(), async (claim, confirmUnderLock) => {
      twinClaimed.resolve();
      await failed;
      return realPlacement(deps, caller)(claim, confirmUnderLock);
    });
    expect(await failed).toBe('refused');
    await expect(twin).rejects.toMatchObject({ errorCode: openOrderErrors.idempotencyKeyReleased.errorCode });
    expect(await ordersOf(caller.userId), 'nothing placed under the released claim').toEqual([]);

    const retry = await placeIdempotently(deps, caller, body(), realPlacement(deps, caller));
    const again = await placeIdempotently(deps, caller, body(), realPlacement(deps, caller));
    expect(again.order.orderNo).toBe(retry.order.orderNo);
    expect((await ordersOf(caller.userId)).map((order) => order.orderNo)).toEqual([retry.order.orderNo]);
  });

  it('keeps the key when the release comes while the twin holds the lock, and a third request meanwhile gets the twin’s order', async () => {
    const deps = depsOf();
    const caller = await callerOf('race-during-placement');
    const twinLocked = deferred();
    const twinMayCommit = deferred();
    const twin = placeIdempotently(deps, caller, body(), (claim, confirmUnderLock) =>
      realPlacement(deps, caller)(claim, async (trx) => {
        await confirmUnderLock(trx);
        twinLocked.resolve();
        await twinMayCommit.promise;
      }),
    );
    await twinLocked.promise;
    const failing = placeIdempotently(deps, caller, body(), () => Promise.reject(refusal)).then(
      () => 'placed',
      () => 'refused',
    );
    // The release waits for the member's lock; a third request comes while it waits, before the twin commits.
    await pause(150);
    const third = placeIdempotently(deps, caller, body(), realPlacement(deps, caller));
    await pause(150);
    twinMayCommit.resolve();
    const placed = await twin;
    expect(await failing).toBe('refused');
    expect((await third).order.orderNo).toBe(placed.order.orderNo);
    expect((await ordersOf(caller.userId)).map((order) => order.orderNo)).toEqual([placed.order.orderNo]);
  });
});
