import { describe, expect, it } from 'vitest';
import { topUpDemoData } from '../../seed/seed.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { companyProseSeedPages } from './company-prose-seed.data.ts';
import { helpSeedPages } from './help-seed.data.ts';

const seededPages = [...helpSeedPages, ...companyProseSeedPages];

describe('the help articles and company pages’ prose of a store started before they existed', () => {
  const t = useTestApp();

  it('are added at the next start, even to a store without the demo data, and only the missing ones', async () => {
    expect(await t.db.kysely.selectFrom('helpPages').select('slug').execute()).toEqual([]);
    await topUpDemoData(t.db, {});
    const slugs = (await t.db.kysely.selectFrom('helpPages').select('slug').orderBy('sort').execute()).map((row) => row.slug);
    expect(slugs).toEqual(seededPages.map((page) => page.slug));
    expect((await t.browser().get('/serve/deliver_goods')).statusCode).toBe(200);

    await t.db.kysely.deleteFrom('helpPages').where('slug', '=', 'safe').execute();
    await t.db.kysely.updateTable('helpPages').set({ title: '支付方式（已编辑）' }).where('slug', '=', 'pay').execute();
    await topUpDemoData(t.db, {});
    const rows = await t.db.kysely.selectFrom('helpPages').select(['slug', 'title']).execute();
    expect(rows).toHaveLength(seededPages.length);
    expect(rows.find((row) => row.slug === 'pay')?.title).toBe('支付方式（已编辑）');
  });
});
