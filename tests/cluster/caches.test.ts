import { describe, expect, it } from 'vitest';
import type { HomeData } from '../../src/contract/home.ts';
import { pageStateOf } from '../../src/server/testing/page-state.ts';
import { eventually, HttpBrowser, useCluster } from './cluster-kit.ts';

/**
 * The shell and home caches of every process follow a write made anywhere (here straight into
 * the database) within about a second: triggers bump cache_versions, which each process checks.
 * Their TTL is a minute, so without the versions these would wait far longer than `eventually` does.
 */
describe('in-process caches across processes', () => {
  const c = useCluster();
  const browser = new HttpBrowser();
  const homeOn = async (origin: string) => pageStateOf<HomeData>((await browser.get(origin, '/')).body);
  const onEveryProcess = <T>(read: (origin: string) => Promise<T>, check: (value: T) => boolean) =>
    Promise.all(c.processUrls.map((origin) => eventually(() => read(origin), check)));

  it('shows a new home banner and a renamed category group on all three processes', async () => {
    const before = await Promise.all(c.processUrls.map(homeOn));
    const groupName = before[0]?.shell.headerData.categoryList[0]?.categoryGroupName ?? '';
    expect(groupName).not.toBe('');

    const picFilePath = `banner/cluster-${Date.now()}.jpg`;
    await c.db.insertInto('banners').values({ picFilePath, backgroundColor: '#123456', clickUrl: '/search?key=cluster', openType: 0, sort: -1 }).execute();
    await onEveryProcess(homeOn, (state) => state.data.bannerList.some((banner) => banner.picFilePath === picFilePath));

    await c.db.updateTable('categoryGroups').set({ name: '集群分组' }).where('name', '=', groupName).execute();
    await onEveryProcess(homeOn, (state) => state.shell.headerData.categoryList[0]?.categoryGroupName === '集群分组');
  });

  it('shows a changed hot keyword (site content) on all three processes', async () => {
    await Promise.all(c.processUrls.map(homeOn));
    const first = await c.db.selectFrom('hotLabels').select(['id']).orderBy('sort').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await c.db.updateTable('hotLabels').set({ keyword: '集群热词' }).where('id', '=', first.id).execute();
    await onEveryProcess(homeOn, (state) => state.shell.headerData.hotLabelList.some((label) => label.keyword === '集群热词'));
  });
});
