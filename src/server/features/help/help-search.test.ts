import { describe, expect, it } from 'vitest';
import type { HelpSearchData } from '../../../contract/help.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { seedHelpPages } from './help.seed.ts';
import { likePatternOf } from './help.repository.ts';
import { markMatches, saveHelpPage, searchHelp, snippetOf } from './help.service.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';

describe('the help search /serve/search', () => {
  const t = useTestApp({
    fixture: async (app) => {
      await seedHelpPages(app.db.kysely);
      const page = (slug: string, title: string, bodyHtml: string) => saveHelpPage(app.db.kysely, { slug, title, groupName: '测试', sort: 90, bodyHtml });
      await page('test_percent', '百分比测试', '<p>批量采购满 500 元享 95%折扣。</p>');
      await page('test_plain', '数字测试', '<p>批量采购满 500 元享 95 折优惠。</p>');
      await page('test_underscore', '下划线测试', '<p>料号写作 ABC_123 的形式。</p>');
      await page('test_letters', '字母测试', '<p>料号写作 ABCX123 的形式。</p>');
    },
  });

  async function search(keyword: string): Promise<HelpSearchData> {
    const response = await t.browser().get(`/serve/search?keyword=${encodeURIComponent(keyword)}`);
    expect(response.statusCode).toBe(200);
    return pageStateOf<HelpSearchData>(response.body).data;
  }

  it('finds an article by a phrase of its text and marks it in the snippet', async () => {
    const data = await search('干燥柜');
    expect(data.hits.map((hit) => hit.slug)).toEqual(['warehouse']);
    const marked = data.hits[0]?.snippet.filter((part) => part.isMatch).map((part) => part.text);
    expect(marked).toEqual(['干燥柜']);
    expect(data.hits[0]?.snippet.map((part) => part.text).join('')).toContain('湿敏器件（MSL）单独存放于干燥柜');
  });

  it('lists title matches first', async () => {
    const data = await search('退换货');
    expect(data.hits[0]?.slug).toBe('sales_return');
    expect(data.hits[0]?.title).toEqual([
      { text: '退换货', isMatch: true },
      { text: '政策', isMatch: false },
    ]);
    expect(data.hits.length).toBeGreaterThan(1);
  });

  it('matches % and _ literally, not as LIKE wildcards', async () => {
    expect((await search('95%')).hits.map((hit) => hit.slug)).toEqual(['test_percent']);
    expect((await search('%')).hits.map((hit) => hit.slug)).toEqual(['test_percent']);
    expect((await search('ABC_123')).hits.map((hit) => hit.slug)).toEqual(['test_underscore']);
    expect((await search('_')).hits.map((hit) => hit.slug)).toEqual(['test_underscore']);
    expect((await search('\\')).hits).toEqual([]);
    expect(likePatternOf('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
  });

  it('matches the text a reader sees, never the markup, and ignores the case of letters', async () => {
    expect((await search('strong')).hits).toEqual([]);
    expect((await search('href')).hits).toEqual([]);
    expect((await search('abcx123')).hits.map((hit) => hit.slug)).toEqual(['test_letters']);
  });

  it('shows a prompt for an empty keyword and a friendly line when nothing matches; the keyword is escaped', async () => {
    expect((await search('   ')).hits).toEqual([]);
    const response = await t.browser().get('/serve/search');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('请输入要搜索的问题');
    const none = await t.browser().get(`/serve/search?keyword=${encodeURIComponent('<script>x</script>')}`);
    expect(none.body).toContain('没有找到与“&lt;script&gt;x&lt;/script&gt;”相关的帮助');
    expect(none.body).not.toContain('<script>x</script>');
    expect(none.body).toContain('<title>“&lt;script&gt;x&lt;/script&gt;”的帮助搜索结果 - ');
  });

  it('cuts a long keyword and collapses its spaces', async () => {
    const data = await searchHelp(
      t.db.kysely,
      `  包邮${' '.repeat(5)}说明${'字'.repeat(100)}`,
      await siteFactsOf({ db: t.db.kysely, config: t.deps.config }).load(),
    );
    expect(data.keyword.startsWith('包邮 说明')).toBe(true);
    expect(data.keyword.length).toBe(40);
  });
});

describe('snippets', () => {
  it('marks every occurrence in any case', () => {
    expect(markMatches('SF顺丰 sf', 'sf')).toEqual([
      { text: 'SF', isMatch: true },
      { text: '顺丰 ', isMatch: false },
      { text: 'sf', isMatch: true },
    ]);
  });

  it('quotes the passage around a match deep in the text with ellipses', () => {
    const text = `${'甲'.repeat(100)}关键词${'乙'.repeat(200)}`;
    const parts = snippetOf(text, '关键词');
    const joined = parts.map((part) => part.text).join('');
    expect(joined.startsWith('…甲')).toBe(true);
    expect(joined.endsWith('乙…')).toBe(true);
    expect(parts.filter((part) => part.isMatch)).toEqual([{ text: '关键词', isMatch: true }]);
  });
});
