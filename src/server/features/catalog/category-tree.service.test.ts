import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../testing/test-db.ts';
import { insertCategoryFixture } from '../shell/shell.test-helpers.ts';
import { createCacheVersions } from '../../cache/cache-versions.ts';
import { buildCategoryTree, categoryTreeTtlMs, createCategoryTreeCache } from './category-tree.service.ts';

describe('category tree', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('nests groups, first and second levels in display order and leaves out empty groups', () => {
    const tree = buildCategoryTree(
      [
        { id: 2, name: '被动器件' },
        { id: 1, name: '空分组' },
      ],
      [
        { id: 10, groupId: 2, parentId: null, level: 1, name: '电阻', skuCount: 30 },
        { id: 11, groupId: 2, parentId: null, level: 1, name: '电容', skuCount: 5 },
        { id: 20, groupId: null, parentId: 10, level: 2, name: '贴片电阻', skuCount: 20 },
        { id: 21, groupId: null, parentId: 10, level: 2, name: '插件电阻', skuCount: 10 },
        { id: 22, groupId: null, parentId: 11, level: 2, name: '贴片电容', skuCount: 5 },
        { id: 23, groupId: null, parentId: 99, level: 2, name: '孤儿', skuCount: 1 },
      ],
    );
    expect(tree).toEqual([
      {
        categoryGroupName: '被动器件',
        categoryList: [
          {
            categoryId: 10,
            categoryName: '电阻',
            categorySecondList: [
              { categoryId: 20, categoryName: '贴片电阻', skuCount: 20 },
              { categoryId: 21, categoryName: '插件电阻', skuCount: 10 },
            ],
          },
          { categoryId: 11, categoryName: '电容', categorySecondList: [{ categoryId: 22, categoryName: '贴片电容', skuCount: 5 }] },
        ],
      },
    ]);
  });

  it('loads the tree from the database and keeps it for a short while', async () => {
    const clock = { time: 1_000_000, now: () => clock.time };
    const cache = createCategoryTreeCache(db.kysely, createCacheVersions(db.kysely, { clock }), { clock });
    expect(await cache.load()).toEqual([]);
    await insertCategoryFixture(db, 3, 4);
    expect(await cache.load()).toEqual([]);
    clock.time += categoryTreeTtlMs + 1;
    const tree = await cache.load();
    expect(tree.map((group) => group.categoryGroupName)).toEqual(['分组1', '分组2', '分组3']);
    expect(tree[0]?.categoryList[0]?.categorySecondList.map((second) => second.skuCount)).toEqual([1, 11, 21, 31]);
  });

  it('reads the database again once told to forget', async () => {
    const cache = createCategoryTreeCache(db.kysely, createCacheVersions(db.kysely, { clock: { now: () => 0 } }));
    const before = await cache.load();
    await db.kysely.updateTable('categoryGroups').set({ name: '改名分组' }).where('name', '=', '分组1').execute();
    expect(await cache.load()).toBe(before);
    cache.forget();
    expect((await cache.load()).map((group) => group.categoryGroupName)).toEqual(['改名分组', '分组2', '分组3']);
  });
});
