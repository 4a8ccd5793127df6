import { describe, expect, it } from 'vitest';
import { contentDeskPaths } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import type { Envelope } from '../../../contract/envelope.ts';
import type { HelpPageData } from '../../../contract/help.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { signedInStaff } from '../staff/testing/staff-browser.ts';
import { seedHelpPages } from './help.seed.ts';

function ok<T>(answer: Envelope<T>): T {
  if (answer.code !== 1 || answer.data === null || answer.data === undefined) throw new Error(JSON.stringify(answer));
  return answer.data;
}

/** The console's preview of 配送说明: the one page where the site settings' free-shipping threshold shows. */
describe('the delivery terms preview (a site-settings draft)', () => {
  const t = useTestApp({ fixture: async (app) => seedHelpPages(app.db.kysely) });

  it('previews 配送说明 with the draft free-shipping threshold for content staff only; the shop keeps the live one until published', async () => {
    const staff = (await signedInStaff(t.app, t.db.kysely, 'content')).browser;
    const visitor = t.browser();
    const thresholdOf = ({ data }: { data: HelpPageData }) => (data.facts?.kind === 'delivery' ? data.facts.freeShippingThresholdCents : null);
    const liveThreshold = thresholdOf(pageStateOf<HelpPageData>((await visitor.get('/serve/deliver_goods')).body));
    expect(liveThreshold).not.toBeNull();
    const loaded = ok(await staff.call(contentDeskCalls.getSettings, {}));
    const saved = ok(
      await staff.call(contentDeskCalls.saveSettings, { ...(loaded.draft ?? loaded.live), freeShippingThresholdCents: 12_300, revision: loaded.revision }),
    );

    const preview = await staff.get(contentDeskPaths.previewDeliveryTerms);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(thresholdOf(pageStateOf<HelpPageData>(preview.body))).toBe(12_300);
    expect(preview.body).toContain('满¥123包邮');
    for (const outsider of [visitor, (await t.member()).browser]) {
      const page = await outsider.get(contentDeskPaths.previewDeliveryTerms);
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toMatch(/^\/admin\/login/);
      expect(page.body).not.toContain('12300');
    }
    const sales = (await signedInStaff(t.app, t.db.kysely, 'sales')).browser;
    expect((await sales.get(contentDeskPaths.previewDeliveryTerms)).headers.location).toBe('/admin');
    expect(thresholdOf(pageStateOf<HelpPageData>((await visitor.get('/serve/deliver_goods')).body))).toBe(liveThreshold);

    ok(await staff.call(contentDeskCalls.publishDraft, { key: 'siteSettings', revision: saved.revision }));
    expect(thresholdOf(pageStateOf<HelpPageData>((await visitor.get('/serve/deliver_goods')).body))).toBe(12_300);
  });
});
