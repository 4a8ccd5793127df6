import { describe, expect, it } from 'vitest';
import { maxAddresses } from '../../../contract/address.ts';
import { addressCalls } from '../../../contract/address-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const address = {
  receiver: '张三',
  mobile: '13800138000',
  provinceCode: '440000',
  cityCode: '440300',
  districtCode: '440305',
  detail: '科技南十二路18号',
};

/** The book's invariants hold under concurrent calls of one member: one default, at most 20 addresses. */
describe('address book under concurrency', () => {
  const t = useTestApp();

  const defaultCount = async (userId: number) =>
    (
      await t.db.kysely
        .selectFrom('addresses')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .where('isDefault', '=', 1)
        .executeTakeFirstOrThrow()
    ).count;

  it('leaves exactly one default after 10 concurrent setDefault calls on 10 addresses', async () => {
    const member = await t.member();
    const ids: number[] = [];
    for (let index = 0; index < 10; index++) ids.push((await member.browser.callOk(addressCalls.save, { ...address, receiver: `收货人${index}` })).id);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(ids.map((id) => member.browser.call(addressCalls.setDefault, { id })));
      expect(answers.map((answer) => answer.code)).toEqual(ids.map(() => 1));
      for (const answer of answers) expect(answer.data?.filter((row) => row.isDefault)).toHaveLength(1);
      expect(await defaultCount(member.userId), `round ${round}`).toBe(1);
    }
  });

  it('leaves exactly one default when concurrent adds ask for it and deletes take it away', async () => {
    const member = await t.member();
    const existing = await Promise.all([0, 1, 2, 3].map(async (index) => member.browser.callOk(addressCalls.save, { ...address, receiver: `旧${index}` })));
    const calls = [
      ...Array.from({ length: 6 }, (_, index) => member.browser.call(addressCalls.save, { ...address, receiver: `新${index}`, isDefault: true })),
      ...existing.map((row) => member.browser.call(addressCalls.delete, { id: row.id })),
    ];
    expect((await Promise.all(calls)).every((answer) => answer.code === 1)).toBe(true);
    expect(await defaultCount(member.userId)).toBe(1);
  });

  it(`fills the last free place once when 10 adds race at ${maxAddresses - 1} addresses`, async () => {
    const member = await t.member();
    for (let index = 0; index < maxAddresses - 1; index++) await member.browser.callOk(addressCalls.save, { ...address, receiver: `收货人${index}` });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => member.browser.call(addressCalls.save, { ...address, receiver: `抢${index}` })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === 'address.full')).toHaveLength(9);
    expect(await member.browser.callOk(addressCalls.list, {})).toHaveLength(maxAddresses);
  });
});
