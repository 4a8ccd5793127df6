import { describe, expect, it } from 'vitest';
import { maxCartLines } from '../../../contract/cart.ts';
import { cartCalls } from '../../../contract/cart-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { fixtureProductId, insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';

/** With one line of room left, concurrent adds of different parts must fill it once. */
describe('cart line cap under concurrency', () => {
  const t = useTestApp();

  it(`accepts exactly one of 10 concurrent new parts at ${maxCartLines - 1} lines`, async () => {
    const fixture = await insertCatalogFixture(t.db);
    const source = await t.db.kysely.selectFrom('products').selectAll().where('id', '=', fixtureProductId(fixture, 'STM32F103C8T6')).executeTakeFirstOrThrow();
    const { id: _id, ...part } = source;
    const created = await t.db.kysely
      .insertInto('products')
      .values(Array.from({ length: maxCartLines + 9 }, (_, i) => ({ ...part, code: `RACE-${i}`, codeNorm: `RACE${i}` })))
      .returning('id')
      .execute();
    const member = await t.member();
    const now = Date.now();
    const filled = created.slice(0, maxCartLines - 1);
    await t.db.kysely
      .insertInto('cartItems')
      .values(filled.map((row) => ({ userId: member.userId, productId: row.id, quantity: 1, isSelected: 1, createdAt: now, updatedAt: now })))
      .execute();
    const answers = await Promise.all(created.slice(maxCartLines - 1).map((row) => member.browser.call(cartCalls.add, { productId: row.id, quantity: 1 })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'cart.full')).toHaveLength(9);
    const lines = await t.db.kysely
      .selectFrom('cartItems')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(lines.n).toBe(maxCartLines);
  });
});
