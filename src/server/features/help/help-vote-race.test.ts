import { describe, expect, it } from 'vitest';
import { helpCalls } from '../../../contract/help-calls.ts';
import { requestErrors } from '../../../contract/errors.ts';
import { helpErrors, helpVoteLimits, type HelpPageData } from '../../../contract/help.ts';
import { signIn } from '../../testing/factories.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { seedHelpPages } from './help.seed.ts';

describe('这篇帮助对您有用吗: one vote per visitor and page', () => {
  const t = useTestApp({ fixture: async (app) => seedHelpPages(app.db.kysely) });

  async function counts(slug: string) {
    return t.db.kysely.selectFrom('helpPages').select(['helpfulCount', 'unhelpfulCount']).where('slug', '=', slug).executeTakeFirstOrThrow();
  }

  it('counts a visitor’s vote, shows it on the page, and refuses a second one', async () => {
    const visitor = t.browser();
    await visitor.get('/serve/pay');
    expect(await visitor.callOk(helpCalls.vote, { slug: 'pay', isHelpful: true })).toEqual({ helpfulCount: 1, unhelpfulCount: 0, myVote: true });
    const again = await visitor.call(helpCalls.vote, { slug: 'pay', isHelpful: false });
    expect(again).toMatchObject({ code: 409, errorCode: helpErrors.alreadyVoted.errorCode, msg: '您已经评价过这篇帮助了' });
    expect(await counts('pay')).toEqual({ helpfulCount: 1, unhelpfulCount: 0 });
    const page = pageStateOf<HelpPageData>((await visitor.get('/serve/pay')).body).data;
    expect(page.votes).toEqual({ helpfulCount: 1, unhelpfulCount: 0, myVote: true });
    expect(pageStateOf<HelpPageData>((await t.browser().get('/serve/pay')).body).data.votes.myVote).toBeNull();
  });

  it('counts concurrent clicks of one visitor once', async () => {
    const visitor = t.browser();
    await visitor.get('/serve/safe');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => visitor.call(helpCalls.vote, { slug: 'safe', isHelpful: index % 2 === 0 })));
    expect(answers.filter((answer) => answer.code === 1)).toHaveLength(1);
    expect(answers.filter((answer) => answer.errorCode === helpErrors.alreadyVoted.errorCode)).toHaveLength(11);
    const stored = await counts('safe');
    expect(stored.helpfulCount + stored.unhelpfulCount).toBe(1);
    const page = await t.db.kysely.selectFrom('helpPages').select('id').where('slug', '=', 'safe').executeTakeFirstOrThrow();
    const votes = await t.db.kysely.selectFrom('helpVotes').select('isHelpful').where('pageId', '=', page.id).execute();
    expect(votes).toHaveLength(1);
    expect(votes[0]?.isHelpful === 1 ? { helpfulCount: 1, unhelpfulCount: 0 } : { helpfulCount: 0, unhelpfulCount: 1 }).toEqual(stored);
  });

  it('counts different visitors, each once, on each page, and a member once across browsers', async () => {
    const visitors = Array.from({ length: 5 }, () => t.browser());
    await Promise.all(visitors.map((visitor) => visitor.get('/serve/warehouse')));
    await Promise.all(visitors.map((visitor, index) => visitor.callOk(helpCalls.vote, { slug: 'warehouse', isHelpful: index < 3 })));
    expect(await counts('warehouse')).toEqual({ helpfulCount: 3, unhelpfulCount: 2 });
    // The same visitor may still vote on another page.
    expect(await visitors[0]?.callOk(helpCalls.vote, { slug: 'order_step', isHelpful: true })).toMatchObject({ helpfulCount: 1 });

    const member = await t.member();
    await member.browser.callOk(helpCalls.vote, { slug: 'sales_return', isHelpful: false });
    const secondBrowser = t.browser();
    await signIn(secondBrowser, t.db.kysely, member.userId);
    expect(await secondBrowser.call(helpCalls.vote, { slug: 'sales_return', isHelpful: false })).toMatchObject({
      errorCode: helpErrors.alreadyVoted.errorCode,
    });
    expect(await counts('sales_return')).toEqual({ helpfulCount: 0, unhelpfulCount: 1 });
  });

  it('answers 404 for an unknown page and a bad request for a malformed one', async () => {
    const visitor = t.browser();
    expect(await visitor.call(helpCalls.vote, { slug: 'no_such_page', isHelpful: true })).toMatchObject({
      code: 404,
      errorCode: helpErrors.notFound.errorCode,
    });
    expect(await visitor.post(helpCalls.vote.path, { slug: '../pay', isHelpful: true })).toMatchObject({ code: 400 });
    expect(await visitor.post(helpCalls.vote.path, { slug: 'pay', isHelpful: 'yes' })).toMatchObject({ code: 400, msg: '请选择有用或没用' });
  });
});

describe('votes from one address', () => {
  const t = useTestApp({ fixture: async (app) => seedHelpPages(app.db.kysely) });

  it(`are limited to ${String(helpVoteLimits.perIpPerHour)} an hour; a refused second vote does not count toward it`, async () => {
    const ip = '203.0.113.9';
    const first = t.browser(ip);
    await first.get('/serve/pay');
    await first.callOk(helpCalls.vote, { slug: 'pay', isHelpful: true });
    expect(await first.call(helpCalls.vote, { slug: 'pay', isHelpful: true })).toMatchObject({ errorCode: helpErrors.alreadyVoted.errorCode });
    for (let index = 1; index < helpVoteLimits.perIpPerHour; index += 1) {
      const browser = t.browser(ip);
      await browser.callOk(helpCalls.vote, { slug: 'pay', isHelpful: true });
    }
    const refused = await t.browser(ip).call(helpCalls.vote, { slug: 'pay', isHelpful: true });
    expect(refused).toMatchObject({ code: 429, errorCode: requestErrors.tooFrequent.errorCode });
    expect(await t.browser('203.0.113.10').callOk(helpCalls.vote, { slug: 'pay', isHelpful: false })).toMatchObject({ unhelpfulCount: 1 });
    const row = await t.db.kysely.selectFrom('helpPages').select('helpfulCount').where('slug', '=', 'pay').executeTakeFirstOrThrow();
    expect(row.helpfulCount).toBe(helpVoteLimits.perIpPerHour);
  });
});
