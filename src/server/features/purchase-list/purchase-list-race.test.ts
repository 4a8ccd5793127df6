import { describe, expect, it } from 'vitest';
import { purchaseListLimits } from '../../../contract/purchase-list.ts';
import { purchaseListCalls } from '../../../contract/purchase-list-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

/** With room for one more list, concurrent saves must make exactly one (the count is checked under the member's lock). */
describe('常购清单 cap under concurrency', () => {
  const t = useTestApp();

  it(`makes exactly one of 8 concurrent lists at ${String(purchaseListLimits.listsPerMember - 1)} lists`, async () => {
    const member = await t.member();
    const now = Date.now();
    await t.db.kysely
      .insertInto('purchaseLists')
      .values(
        Array.from({ length: purchaseListLimits.listsPerMember - 1 }, (_, index) => ({
          userId: member.userId,
          companyId: null,
          name: `清单 ${String(index)}`,
          source: 'manual' as const,
          sourceRef: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => member.browser.call(purchaseListCalls.create, { name: `并发 ${String(index)}`, origin: { kind: 'manual' } })),
    );
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'purchaseList.tooManyLists')).toHaveLength(7);
    expect((await member.browser.callOk(purchaseListCalls.list, {})).lists).toHaveLength(purchaseListLimits.listsPerMember);
  });
});
