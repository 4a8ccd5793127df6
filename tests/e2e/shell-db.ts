import type { StoreDb } from './fixtures.ts';

/** Rows the shell journeys write into the e2e store, and the category tree it holds. */

export interface TestMessage {
  messageType: number;
  msgContent: string;
  minutesAgo: number;
  isRead?: boolean;
}

export async function insertMessages(storeDb: StoreDb, userId: number, messages: TestMessage[]): Promise<number[]> {
  const now = Date.now();
  const rows = await storeDb
    .insertInto('messages')
    .values(
      messages.map((message) => ({
        userId,
        messageType: message.messageType,
        msgContent: message.msgContent,
        sendDate: now - message.minutesAgo * 60_000,
        isRead: message.isRead ? 1 : 0,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** `count` cart lines on seeded products. */
export async function insertCartLines(storeDb: StoreDb, userId: number, count: number): Promise<void> {
  const products = await storeDb.selectFrom('products').select('id').orderBy('id').limit(count).execute();
  if (products.length < count) throw new Error(`the seeded catalogue has only ${products.length} products`);
  const now = Date.now();
  await storeDb
    .insertInto('cartItems')
    .values(products.map((product) => ({ userId, productId: product.id, quantity: 1, isSelected: 1, createdAt: now, updatedAt: now })))
    .execute();
}

/** Gives the member the first sales rep; returns the rep's name. */
export async function assignServiceRep(storeDb: StoreDb, userId: number, enableFlag: 0 | 1): Promise<string> {
  const rep = await storeDb.selectFrom('serviceReps').select(['id', 'operatorName']).orderBy('id').limit(1).executeTakeFirstOrThrow();
  await storeDb.insertInto('userServiceReps').values({ userId, repId: rep.id, enableFlag }).execute();
  return rep.operatorName;
}

export interface MenuSecond {
  id: number;
  name: string;
  skuCount: number;
}
export interface MenuFirst {
  id: number;
  name: string;
  seconds: MenuSecond[];
}
export interface MenuGroup {
  name: string;
  firsts: MenuFirst[];
}

/** The category tree as stored, in display order, without what staff hid (the journeys' shelf among them): what the mega-menu must show. */
export async function storedCategoryTree(storeDb: StoreDb): Promise<MenuGroup[]> {
  const groups = await storeDb.selectFrom('categoryGroups').select(['id', 'name']).orderBy('sort').orderBy('id').execute();
  const firsts = await storeDb
    .selectFrom('categories')
    .select(['id', 'groupId', 'name'])
    .where('level', '=', 1)
    .where('isHidden', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const seconds = await storeDb
    .selectFrom('categories')
    .select(['id', 'parentId', 'name', 'skuCount'])
    .where('level', '=', 2)
    .where('isHidden', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return groups
    .map((group) => ({
      name: group.name,
      firsts: firsts
        .filter((first) => first.groupId === group.id)
        .map((first) => ({
          id: first.id,
          name: first.name,
          seconds: seconds.filter((second) => second.parentId === first.id).map(({ id, name, skuCount }) => ({ id, name, skuCount })),
        })),
    }))
    .filter((group) => group.firsts.length > 0);
}

/** The first in-stock part (optionally sold in packs) with at least three price tiers: the product pages' demo part. */
export async function firstTieredPart(storeDb: StoreDb, options: { isPackSold?: boolean } = {}): Promise<{ id: number; code: string; packSize: number }> {
  let query = storeDb
    .selectFrom('products as p')
    .select(['p.id', 'p.code', 'p.packSize'])
    .where('p.stock', '>', 0)
    .where((eb) =>
      eb(
        eb
          .selectFrom('productPrices as pp')
          .select((count) => count.fn.countAll().as('n'))
          .whereRef('pp.productId', '=', 'p.id'),
        '>=',
        3,
      ),
    );
  if (options.isPackSold) query = query.where('p.packSize', '>', 1);
  return query.orderBy('p.id').limit(1).executeTakeFirstOrThrow();
}
