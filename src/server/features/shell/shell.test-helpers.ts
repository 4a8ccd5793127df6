import type { ShellState } from '../../../contract/shell.ts';
import type { Db } from '../../db/create-db.ts';
import { insertProduct } from '../../testing/factories.ts';
import { pageStateOf } from '../../testing/page-state.ts';
import type { TestBrowser } from '../../testing/test-app.ts';

/** Test helpers of the shell features: the shell a browser is shown, a small category tree, cart lines. */

export async function shellOf(browser: TestBrowser, url = '/no/such/page'): Promise<ShellState> {
  const response = await browser.get(url);
  return pageStateOf(response.body).shell;
}

/** The HTML of the category menu's flyouts as the server sends it (kept per category tree, ServerMarkup). */
export async function menuFlyoutsHtmlOf(browser: TestBrowser, url = '/no/such/page'): Promise<string> {
  const { body } = await browser.get(url);
  const start = body.indexOf('data-testid="menu-flyout"');
  return start < 0 ? '' : body.slice(start, body.indexOf('class="category-menu__more"', start));
}

/**
 * `groups` groups, each with two first-level categories; the first first-level of group 1 has
 * `bigSecondCount` second levels, one of them named with more than 9 characters.
 */
export async function insertCategoryFixture(db: Db, groups = 10, bigSecondCount = 24): Promise<void> {
  for (let g = 1; g <= groups; g++) {
    const group = await db.kysely
      .insertInto('categoryGroups')
      .values({ name: `分组${g}`, sort: g })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let f = 1; f <= 2; f++) {
      const first = await db.kysely
        .insertInto('categories')
        .values({ groupId: group.id, parentId: null, level: 1, name: `一级${g}-${f}`, sort: f, skuCount: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const secondCount = g === 1 && f === 1 ? bigSecondCount : 3;
      const seconds = Array.from({ length: secondCount }, (_, s) => ({
        groupId: null,
        parentId: first.id,
        level: 2 as const,
        name: s === 0 && g === 1 ? '超长名称的二级分类名称示例' : `二级${g}-${f}-${s + 1}`,
        sort: s,
        skuCount: s * 10 + 1,
      }));
      await db.kysely.insertInto('categories').values(seconds).execute();
    }
  }
}

/** `count` cart lines for the member, on products made for the purpose. */
export async function insertCartLines(db: Db, userId: number, count: number): Promise<void> {
  const category = await db.kysely.selectFrom('categories').select(['id', 'parentId']).where('level', '=', 2).executeTakeFirstOrThrow();
  const brand = await db.kysely
    .insertInto('brands')
    .values({ nameEn: 'TESTBRAND', nameCn: null, initial: 'T', logoPath: null, intro: '', country: '', isPartner: 0, sort: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const productId = await insertProduct(db.kysely, {
      code: `TEST-${userId}-${i}`,
      brandId: brand.id,
      categoryFirstId: category.parentId ?? category.id,
      categorySecondId: category.id,
      prices: [],
    });
    await db.kysely.insertInto('cartItems').values({ userId, productId, quantity: 1, isSelected: 1, createdAt: now, updatedAt: now }).execute();
  }
}
