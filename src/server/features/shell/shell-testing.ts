import type { PageState, ShellState } from '../../../contract/shell.ts';
import type { Db } from '../../db/create-db.ts';
import { hashSid } from '../../http/session.ts';
import type { TestBrowser } from '../../testing/test-app.ts';

/** Test helpers of the shell features: members, sessions, a small category tree, page state. */

let memberSeq = 0;

export async function createMember(db: Db, fields: { nickName?: string; userNumber?: string } = {}): Promise<number> {
  memberSeq += 1;
  const suffix = `${process.pid % 1000}${memberSeq}`.padStart(8, '0').slice(-8);
  const row = await db.kysely
    .insertInto('users')
    .values({
      phone: `139${suffix}`,
      userNumber: fields.userNumber ?? `U26${suffix}`,
      nickName: fields.nickName ?? '',
      passwordHash: null,
      userImgPath: null,
      inviter: null,
      createdAt: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Signs the browser's current sid in as the member, the way a login stores it. */
export async function signIn(browser: TestBrowser, db: Db, userId: number): Promise<void> {
  if (!browser.cookie('sid')) await browser.get('/no/such/page');
  const sid = browser.cookie('sid');
  if (!sid) throw new Error('no sid cookie');
  const now = Date.now();
  await db.kysely.insertInto('sessions').values({ id: hashSid(sid), userId, createdAt: now, expiresAt: now + 86_400_000 }).execute();
}

/** The {shell, data} a page embedded for hydration. */
export function pageStateOf<Data = unknown>(html: string): PageState<Data> {
  const match = /<script type="application\/json" id="initial-state">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no initial state in the page');
  return JSON.parse(match[1]) as PageState<Data>;
}

export async function shellOf(browser: TestBrowser, url = '/no/such/page'): Promise<ShellState> {
  const response = await browser.get(url);
  return pageStateOf(response.body).shell;
}

/**
 * `groups` groups, each with two first-level categories; the first first-level of group 1 has
 * `bigSecondCount` second levels, one of them named with more than 9 characters.
 */
export async function insertCategoryFixture(db: Db, groups = 10, bigSecondCount = 24): Promise<void> {
  for (let g = 1; g <= groups; g++) {
    const group = await db.kysely.insertInto('categoryGroups').values({ name: `分组${g}`, sort: g }).returning('id').executeTakeFirstOrThrow();
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
  const brand = await db.kysely.insertInto('brands').values({ nameEn: 'TESTBRAND', nameCn: null, initial: 'T', logoPath: null, intro: '', country: '', isPartner: 0, sort: 0 }).returning('id').executeTakeFirstOrThrow();
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const code = `TEST-${userId}-${i}`;
    const product = await db.kysely
      .insertInto('products')
      .values({
        code,
        codeNorm: code.replaceAll('-', ''),
        brandId: brand.id,
        categoryFirstId: category.parentId ?? category.id,
        categorySecondId: category.id,
        package: '0603',
        description: '测试物料',
        lifecycle: 'active',
        isRohs: 1,
        datasheetUrl: null,
        stock: 100,
        packSize: 1,
        imagePath: null,
        label: null,
        isSpecialOffer: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.kysely.insertInto('cartItems').values({ userId, productId: product.id, quantity: 1, isSelected: 1, createdAt: now, updatedAt: now }).execute();
  }
}
