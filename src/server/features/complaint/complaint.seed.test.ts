import { describe, expect, it } from 'vitest';
import { createMember, signIn } from '../../testing/factories.ts';
import { TestBrowser } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import { insertCatalogFixture } from '../catalog/testing/catalog-fixture.ts';
import { seedOrders } from '../order/testing/order-fixture.ts';
import { seedComplaints } from './complaint.seed.ts';

describe('demo complaints', () => {
  const t = useTestApp({
    fixture: async (app) => ({ demo: await createMember(app.db.kysely, { phone: '13800138000' }), catalog: await insertCatalogFixture(app.db) }),
  });

  it('gives the demo member one complaint 处理中 and one 已解决, each staff step with a 退货消息', async () => {
    await seedOrders(t.db);
    expect(await seedComplaints(t.db)).toBe(2);
    const browser = new TestBrowser(t.app);
    await signIn(browser, t.db.kysely, t.fixture.demo.userId);
    const list = await browser.callOk(complaintCalls.list, {});
    expect(list.complaints.map((complaint) => complaint.statusLabel).sort()).toEqual(['处理中', '已解决']);
    const messages = await t.db.kysely.selectFrom('messages').select('id').where('userId', '=', t.fixture.demo.userId).where('messageType', '=', 2).execute();
    expect(messages).toHaveLength(3);
  });
});
