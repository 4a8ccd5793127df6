import { describe, expect, it } from 'vitest';
import { helpErrors, maxHelpBodyLength, type HelpPageData } from '../../../contract/help.ts';
import { errorCodeOf } from '../../testing/error-code.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { helpTextOf, sanitizeHelpHtml } from './help-html.ts';
import { saveHelpPage } from './help.service.ts';

describe('help article HTML', () => {
  it.each([
    ['<p>配送<script>alert(1)</script>说明</p>', '<p>配送说明</p>'],
    ['<p onclick="steal()" onmouseover="x()">文字</p>', '<p>文字</p>'],
    ['<img src="https://img.example.com/a.png" onerror="x()" alt="图">', '<img src="https://img.example.com/a.png" alt="图" />'],
    ['<img src="javascript:alert(1)">', '<img />'],
    ['<a href="javascript:alert(1)">链接</a>', '<a>链接</a>'],
    ['<a href="/serve/pay" target="_blank">支付</a>', '<a href="/serve/pay" target="_blank" rel="noopener noreferrer">支付</a>'],
    ['<p style="position:fixed">样式</p><style>p{}</style>', '<p>样式</p>'],
    ['<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form>正文', '正文'],
    ['<table><tr><td colspan="2" onclick="x()">单元格</td></tr></table>', '<table><tr><td colspan="2">单元格</td></tr></table>'],
  ])('sanitises %s', (input, output) => {
    expect(sanitizeHelpHtml(input)).toBe(output);
  });

  it('reads the text a reader sees: blocks apart, entities decoded, no markup', () => {
    expect(helpTextOf('<h2>标题</h2><p>满 &lt;99&gt; &amp; 包邮</p><ul><li>一</li><li>二</li></ul>')).toBe('标题 满 <99> & 包邮 一 二');
  });
});

describe('saveHelpPage', () => {
  const t = useTestApp();

  it('stores sanitised HTML and its text, and the page renders what was stored', async () => {
    const saved = await saveHelpPage(t.db.kysely, {
      slug: 'invoice_guide',
      title: ' 发票说明 ',
      groupName: '售后服务',
      bodyHtml: '<h2 onclick="x()">开票</h2><script>document.cookie</script><p>订单完成后可申请<a href="javascript:void(0)">增值税发票</a>。</p>',
    });
    expect(saved).toMatchObject({ slug: 'invoice_guide', title: '发票说明', bodyHtml: '<h2>开票</h2><p>订单完成后可申请<a>增值税发票</a>。</p>' });
    const row = await t.db.kysely.selectFrom('helpPages').selectAll().where('slug', '=', 'invoice_guide').executeTakeFirstOrThrow();
    expect(row.bodyHtml).toBe(saved.bodyHtml);
    expect(row.bodyText).toBe('开票 订单完成后可申请增值税发票。');
    const html = (await t.browser().get('/serve/invoice_guide')).body;
    expect(html).not.toContain('document.cookie');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<h2>开票</h2>');
  });

  it('keeps the votes of a page it rewrites', async () => {
    await saveHelpPage(t.db.kysely, { slug: 'kept_votes', title: '旧标题', groupName: '购物指南', bodyHtml: '<p>旧</p>' });
    await t.db.kysely.updateTable('helpPages').set({ helpfulCount: 7 }).where('slug', '=', 'kept_votes').execute();
    await saveHelpPage(t.db.kysely, { slug: 'kept_votes', title: '新标题', groupName: '购物指南', bodyHtml: '<p>新</p>' });
    const row = await t.db.kysely.selectFrom('helpPages').select(['title', 'helpfulCount']).where('slug', '=', 'kept_votes').executeTakeFirstOrThrow();
    expect(row).toEqual({ title: '新标题', helpfulCount: 7 });
  });

  it('refuses a bad slug, an empty or long title, a body with no text, and an oversized body', async () => {
    const page = { slug: 'ok_slug', title: '标题', groupName: '购物指南', bodyHtml: '<p>正文</p>' };
    expect(await errorCodeOf(saveHelpPage(t.db.kysely, { ...page, slug: '../etc' }))).toBe(helpErrors.badSlug.errorCode);
    expect(await errorCodeOf(saveHelpPage(t.db.kysely, { ...page, title: '  ' }))).toBe(helpErrors.badTitle.errorCode);
    expect(await errorCodeOf(saveHelpPage(t.db.kysely, { ...page, title: '长'.repeat(41) }))).toBe(helpErrors.badTitle.errorCode);
    expect(await errorCodeOf(saveHelpPage(t.db.kysely, { ...page, bodyHtml: '<script>alert(1)</script>' }))).toBe(helpErrors.badBody.errorCode);
    expect(await errorCodeOf(saveHelpPage(t.db.kysely, { ...page, bodyHtml: `<p>${'字'.repeat(maxHelpBodyLength)}</p>` }))).toBe(
      helpErrors.bodyTooLong.errorCode,
    );
    expect(await t.db.kysely.selectFrom('helpPages').select('id').where('slug', 'in', ['ok_slug', '../etc']).execute()).toEqual([]);
  });

  it('sanitises again when rendering a row written by other means', async () => {
    await t.db.kysely
      .insertInto('helpPages')
      .values({
        slug: 'raw_import',
        title: '导入的页面',
        groupName: '购物指南',
        bodyHtml: '<p onmouseover="x()">导入</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        bodyText: '导入',
        updatedAt: Date.now(),
      })
      .execute();
    const response = await t.browser().get('/serve/raw_import');
    expect(response.statusCode).toBe(200);
    expect(pageStateOf<HelpPageData>(response.body).data.article.bodyHtml).toBe('<p>导入</p><img src="x" />');
    expect(response.body).not.toContain('onmouseover');
    expect(response.body).not.toContain('alert(1)');
  });
});
