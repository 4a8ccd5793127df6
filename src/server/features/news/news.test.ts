import { describe, expect, it } from 'vitest';
import type { NewsDetailData, NewsListData } from '../../../contract/news.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { insertHomeFixture } from '../home/testing/home-fixture.ts';

describe('news pages', () => {
  const t = useTestApp({ fixture: (app) => insertHomeFixture(app.db) });

  it('lists announcements newest first, ten a page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/news' });
    expect(response.statusCode).toBe(200);
    const { data } = pageStateOf<NewsListData>(response.body);
    expect(data).toMatchObject({ kind: 'announcement', page: 1, pageSize: 10, total: 12 });
    expect(data.list).toHaveLength(10);
    expect(data.list[0]?.title).toBe('关于2026年端午节假期发货安排的通知');
    const dates = data.list.map((entry) => entry.releaseDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const [newest] = data.list;
    if (!newest) throw new Error('no announcement');
    expect(response.body).toContain(`href="/news/${newest.newsId}"`);
    expect(response.body).toContain('<title>网站公告 - 芯品商城</title>');
  });

  it('pages on and lists the other kinds', async () => {
    const second = pageStateOf<NewsListData>((await t.app.inject({ method: 'GET', url: '/news?page=2' })).body);
    expect(second.data.list).toHaveLength(2);
    const articles = pageStateOf<NewsListData>((await t.app.inject({ method: 'GET', url: '/news?kind=article' })).body);
    expect(articles.data).toMatchObject({ kind: 'article', total: 6 });
    const past = pageStateOf<NewsListData>((await t.app.inject({ method: 'GET', url: '/news?page=9' })).body);
    expect(past.data.list).toEqual([]);
  });

  it.each(['/news?kind=gossip', '/news?page=0', '/news?page=abc', '/news?page=99999999'])('answers 404 for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('抱歉，您访问的页面不存在');
  });

  it('shows an announcement with its paragraphs and neighbours', async () => {
    const list = pageStateOf<NewsListData>((await t.app.inject({ method: 'GET', url: '/news' })).body).data.list;
    const middle = list[1];
    if (!middle) throw new Error('no second announcement');
    const response = await t.app.inject({ method: 'GET', url: `/news/${middle.newsId}` });
    expect(response.statusCode).toBe(200);
    const { data } = pageStateOf<NewsDetailData>(response.body);
    expect(data.title).toBe(middle.title);
    expect(data.paragraphs.length).toBeGreaterThan(1);
    expect(data.previous?.newsId).toBe(list[0]?.newsId);
    expect(data.next?.newsId).toBe(list[2]?.newsId);
    expect(response.body).toContain(`<h1 class="news-article__title">${middle.title}</h1>`);
    expect(response.body).toContain(`<title>${middle.title} - 芯品商城</title>`);
  });

  it('has no previous entry for the newest one', async () => {
    const newest = pageStateOf<NewsListData>((await t.app.inject({ method: 'GET', url: '/news' })).body).data.list[0];
    if (!newest) throw new Error('no announcement');
    const { data } = pageStateOf<NewsDetailData>((await t.app.inject({ method: 'GET', url: `/news/${newest.newsId}` })).body);
    expect(data.previous).toBeNull();
    expect(data.next).not.toBeNull();
  });

  it.each(['/news/999999', '/news/abc', '/news/-1', '/news/1.5', '/news/12345678901'])('answers 404 for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('抱歉，您访问的页面不存在');
  });
});
