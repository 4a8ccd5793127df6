import Database from 'better-sqlite3';
import { createHash, randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';

/**
 * Direct access to the e2e server's SQLite file, for cases the demo data does not give
 * (a member with 120 cart lines, 12 unread BOM messages…). WAL mode lets the test write
 * while the server runs.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
let store: Database.Database | null = null;

export function storeDb(): Database.Database {
  if (!store) {
    store = new Database(`data/e2e-${port}/store.sqlite`);
    store.pragma('busy_timeout = 5000');
  }
  return store;
}

/** A new member signed in in this page's browser (the session row a login would write). */
export async function signInNewMember(page: Page, fields: { nickName?: string } = {}): Promise<{ userId: number; userNumber: string }> {
  await page.goto('/no/such/page');
  const sid = (await page.context().cookies()).find((cookie) => cookie.name === 'sid')?.value;
  if (!sid) throw new Error('no sid cookie');
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  const phone = `147${digits}`;
  const userNumber = `U26${digits}`;
  const now = Date.now();
  const db = storeDb();
  const user = db
    .prepare('insert into users (user_number, phone, nick_name, password_hash, user_img_path, inviter, created_at) values (?, ?, ?, null, null, null, ?) returning id')
    .get(userNumber, phone, fields.nickName ?? '', now) as { id: number };
  db.prepare('insert into sessions (id, user_id, created_at, expires_at) values (?, ?, ?, ?)').run(createHash('sha256').update(sid).digest('hex'), user.id, now, now + 86_400_000);
  return { userId: user.id, userNumber };
}

export interface TestMessage {
  messageType: number;
  msgContent: string;
  minutesAgo: number;
  isRead?: boolean;
}

export function insertMessages(userId: number, messages: TestMessage[]): number[] {
  const db = storeDb();
  const insert = db.prepare('insert into messages (user_id, message_type, msg_content, send_date, is_read) values (?, ?, ?, ?, ?) returning id');
  const now = Date.now();
  return messages.map((message) => (insert.get(userId, message.messageType, message.msgContent, now - message.minutesAgo * 60_000, message.isRead ? 1 : 0) as { id: number }).id);
}

/** `count` cart lines on seeded products. */
export function insertCartLines(userId: number, count: number): void {
  const db = storeDb();
  const products = db.prepare('select id from products order by id limit ?').all(count) as { id: number }[];
  if (products.length < count) throw new Error(`the seeded catalogue has only ${products.length} products`);
  const insert = db.prepare('insert into cart_items (user_id, product_id, quantity, is_selected, created_at, updated_at) values (?, ?, 1, 1, ?, ?)');
  const now = Date.now();
  db.transaction(() => {
    for (const product of products) insert.run(userId, product.id, now, now);
  })();
}

export function assignServiceRep(userId: number, enableFlag: 0 | 1): string {
  const db = storeDb();
  const rep = db.prepare('select id, operator_name as name from service_reps order by id limit 1').get() as { id: number; name: string };
  db.prepare('insert into user_service_reps (user_id, rep_id, enable_flag) values (?, ?, ?)').run(userId, rep.id, enableFlag);
  return rep.name;
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

/** The category tree as stored, in display order: what the mega-menu must show. */
export function storedCategoryTree(): MenuGroup[] {
  const db = storeDb();
  const groups = db.prepare('select id, name from category_groups order by sort, id').all() as { id: number; name: string }[];
  const firsts = db.prepare('select id, group_id as groupId, name from categories where level = 1 order by sort, id').all() as { id: number; groupId: number; name: string }[];
  const seconds = db.prepare('select id, parent_id as parentId, name, sku_count as skuCount from categories where level = 2 order by sort, id').all() as { id: number; parentId: number; name: string; skuCount: number }[];
  return groups
    .map((group) => ({
      name: group.name,
      firsts: firsts
        .filter((first) => first.groupId === group.id)
        .map((first) => ({ id: first.id, name: first.name, seconds: seconds.filter((second) => second.parentId === first.id).map(({ id, name, skuCount }) => ({ id, name, skuCount })) })),
    }))
    .filter((group) => group.firsts.length > 0);
}
