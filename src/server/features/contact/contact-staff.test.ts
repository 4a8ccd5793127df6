import { describe, expect, it } from 'vitest';
import { renderOfficeMapSvg } from './contact-map.ts';
import { listContactMessages, markContactMessageHandled, sendContactMessage } from './contact.service.ts';
import { useTestApp } from '../../testing/use-test-app.ts';

const form = { name: '王工', phone: '13712340000', email: '', company: '', message: '需要一批 0603 10K 电阻，请报价。' };

describe('staff handling of contact messages', () => {
  const t = useTestApp();
  let sequence = 0;

  async function sendOne(now: number) {
    sequence += 1;
    return sendContactMessage(
      { db: t.db.kysely, counters: t.deps.counters },
      { form, graphCode: undefined, sid: `staff-test-${sequence}`, ip: `10.200.0.${sequence}`, userId: null, now },
    );
  }

  it('lists messages newest first by status, and marks one handled once', async () => {
    const base = Date.now();
    const first = await sendOne(base);
    const second = await sendOne(base + 1000);
    const all = await listContactMessages(t.db.kysely, { status: null, page: 1 });
    expect(all.messages.slice(0, 2).map((message) => message.id)).toEqual([second.id, first.id]);
    expect(all.messages[0]).toMatchObject({ status: 'new', statusLabel: '待处理', handledBy: '', handledAt: null });

    const handled = await markContactMessageHandled(t.db.kysely, { id: first.id, handledBy: ' 客服小李 ', now: base + 5000 });
    expect(handled).toMatchObject({ id: first.id, status: 'handled', statusLabel: '已处理', handledBy: '客服小李', handledAt: base + 5000 });
    await expect(markContactMessageHandled(t.db.kysely, { id: first.id, handledBy: '客服小王' })).rejects.toMatchObject({
      errorCode: 'contact.alreadyHandled',
    });

    const open = await listContactMessages(t.db.kysely, { status: 'new', page: 1 });
    expect(open.messages.map((message) => message.id)).toContain(second.id);
    expect(open.messages.map((message) => message.id)).not.toContain(first.id);
    const done = await listContactMessages(t.db.kysely, { status: 'handled', page: 1 });
    expect(done.messages.map((message) => message.id)).toEqual([first.id]);
    expect(done.total).toBe(1);
  });

  it('refuses an unknown message and a blank handler', async () => {
    await expect(markContactMessageHandled(t.db.kysely, { id: 999_999, handledBy: '客服小李' })).rejects.toMatchObject({ errorCode: 'contact.notFound' });
    const sent = await sendOne(Date.now());
    await expect(markContactMessageHandled(t.db.kysely, { id: sent.id, handledBy: '  ' })).rejects.toMatchObject({ errorCode: 'contact.handlerMissing' });
  });

  it('lets exactly one of concurrent marks through', async () => {
    const sent = await sendOne(Date.now());
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) => markContactMessageHandled(t.db.kysely, { id: sent.id, handledBy: `客服${index}` })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const row = await t.db.kysely.selectFrom('contactMessages').select(['status', 'handledBy']).where('id', '=', sent.id).executeTakeFirstOrThrow();
    const winner = results.find((result) => result.status === 'fulfilled');
    expect(row).toEqual({ status: 'handled', handledBy: winner?.status === 'fulfilled' ? winner.value.handledBy : '' });
  });

  it('pages the list: 20 a page, a page past the end shows the last', async () => {
    const before = await listContactMessages(t.db.kysely, { status: null, page: 1, pageSize: 2 });
    const last = await listContactMessages(t.db.kysely, { status: null, page: 10_000, pageSize: 2 });
    expect(last.page).toBe(Math.ceil(before.total / 2));
    expect(last.messages.length).toBeGreaterThan(0);
  });
});

describe('the drawn office map', () => {
  it('escapes the office’s text', () => {
    const svg = renderOfficeMapSvg({ name: '<b>&"仓"', address: "A'<script>", lngE6: 114_000_000, latE6: 22_000_000 });
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;b&#62;&#38;&#34;仓&#34;');
    expect(svg).toContain('114.0000°E 22.0000°N');
  });
});
