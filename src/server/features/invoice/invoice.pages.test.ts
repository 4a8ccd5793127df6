import { describe, expect, it } from 'vitest';
import { invoiceCalls } from '../../../contract/invoice-calls.ts';
import type { InvoicePageData } from '../../../web/pages/invoice-page.tsx';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

describe('/user/invoice', () => {
  const t = useTestApp();

  it('sends visitors to login with the return path', async () => {
    const page = await t.browser().get('/user/invoice');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/account/login?return=%2Fuser%2Finvoice');
  });

  it("renders the member's profiles as the page's state, inside the member centre", async () => {
    const member = await t.member();
    const saved = await member.browser.callOk(invoiceCalls.save, {
      invoice: { type: 'normal-company', companyName: '深圳市华芯微电子有限公司', taxNumber: '91440305MA5FAAAA1A' },
    });
    const page = await member.browser.get('/user/invoice');
    expect(page.statusCode).toBe(200);
    expect(pageStateOf<InvoicePageData>(page.body).data).toEqual({ profiles: [saved] });
    expect(page.body).toContain('<title>发票信息 - 芯品商城</title>');
    expect(page.body).toContain('单位普通发票');
    expect(page.body).toContain('91440305MA5FAAAA1A');
    expect(page.body).toMatch(/href="\/user\/invoice"[^>]*aria-current="page"/);
  });

  it("shows no other member's profiles", async () => {
    const owner = await t.member();
    await owner.browser.callOk(invoiceCalls.save, { invoice: { type: 'normal-personal', title: '只属于我' } });
    const other = await t.member();
    const page = await other.browser.get('/user/invoice');
    expect(pageStateOf<InvoicePageData>(page.body).data.profiles).toEqual([]);
    expect(page.body).not.toContain('只属于我');
  });
});
