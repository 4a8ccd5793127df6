import { describe, expect, it } from 'vitest';
import type { InvoiceFields } from '../../../contract/invoice.ts';
import { invoiceCalls } from '../../../contract/invoice-calls.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const personal: InvoiceFields = { type: 'normal-personal', title: '张三' };

/** The profiles keep one default under concurrent calls of one member (db/member-default.ts, as the address book). */
describe('invoice profiles under concurrency', () => {
  const t = useTestApp();

  const defaultIds = async (userId: number) =>
    (await t.db.kysely.selectFrom('invoiceProfiles').select('id').where('userId', '=', userId).where('isDefault', '=', 1).execute()).map((row) => row.id);

  it('leaves exactly one default when edits make several the default at once', async () => {
    const member = await t.member();
    const ids: number[] = [];
    for (let index = 0; index < 8; index++) ids.push((await member.browser.callOk(invoiceCalls.save, { invoice: { ...personal, title: `抬头${index}` } })).id);
    const answers = await Promise.all(ids.map((id) => member.browser.call(invoiceCalls.save, { id, isDefault: true, invoice: personal })));
    expect(answers.every((answer) => answer.code === 1)).toBe(true);
    const defaults = await defaultIds(member.userId);
    expect(defaults).toHaveLength(1);
    expect(ids).toContain(defaults[0]);
  });

  it('leaves exactly one default when concurrent adds ask for it and deletes take the default away', async () => {
    const member = await t.member();
    const existing = await Promise.all(
      [0, 1, 2, 3].map(async (index) => member.browser.callOk(invoiceCalls.save, { invoice: { ...personal, title: `旧${index}` } })),
    );
    const calls = [
      ...Array.from({ length: 5 }, (_, index) => member.browser.call(invoiceCalls.save, { isDefault: true, invoice: { ...personal, title: `新${index}` } })),
      ...existing.map((profile) => member.browser.call(invoiceCalls.delete, { id: profile.id })),
    ];
    expect((await Promise.all(calls)).every((answer) => answer.code === 1)).toBe(true);
    expect(await defaultIds(member.userId)).toHaveLength(1);
    expect(await member.browser.callOk(invoiceCalls.list, {})).toHaveLength(5);
  });
});
