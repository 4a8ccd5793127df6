import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCacheVersions } from '../../../cache/cache-versions.ts';
import { seedCatalog } from '../../../seed/catalog-seed.ts';
import { createTestDb, type TestDb } from '../../../testing/test-db.ts';
import { createCatalogContext, type CatalogContext } from '../catalog-context.ts';
import { findCategoryIdsBySize } from '../category.repository.ts';
import { queryAttributeExcludeList, queryAttributeProductList, warmChooseIndexes } from './choose.service.ts';

/** The choose indexes written to a file and restored by the next process, over 2,000 demo parts. */
let db: TestDb;
let dir: string;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  db = await createTestDb();
  await seedCatalog(db, { skus: 2000 });
  dir = await mkdtemp(join(tmpdir(), 'choose-snapshot-'));
});
afterAll(async () => {
  await db.drop();
  await rm(dir, { recursive: true, force: true });
});

const newContext = (): CatalogContext => createCatalogContext({ db: db.kysely, logger, cacheVersions: createCacheVersions(db.kysely) });

/** Lists and counts of the three largest categories, unfiltered, in stock, and filtered on two attributes. */
async function answers(context: CatalogContext) {
  const found = [];
  const [largest = 0, second = 0, third = 0] = await findCategoryIdsBySize(db.kysely, 2);
  for (const categorySecondId of [largest, second, third]) {
    const category = await db.kysely.selectFrom('categories').select('parentId').where('id', '=', categorySecondId).executeTakeFirstOrThrow();
    const scope = { categoryFirstId: category.parentId ?? 0, categorySecondId, stock: 0, filter: '' };
    const counts = await queryAttributeExcludeList(context, scope);
    const filter = JSON.stringify(
      Object.fromEntries(counts.facets.slice(0, 2).map((facet) => [facet.key, facet.values.slice(0, 2).map((value) => value.value)])),
    );
    for (const variant of [scope, { ...scope, stock: 1 }, { ...scope, filter }]) {
      found.push({
        variant,
        list: await queryAttributeProductList(context, { ...variant, page: 1, sort: 2 }),
        counts: await queryAttributeExcludeList(context, variant),
      });
    }
  }
  return found;
}

describe('choose index snapshot', () => {
  it('writes every category after warming, and a second process answers from it as from fresh indexes', async () => {
    const path = join(dir, 'choose');
    const first = await warmChooseIndexes(newContext(), () => false, path);
    expect(first.built).toBeGreaterThan(10);
    expect(first.snapshotBytes).toBeGreaterThan(0);

    const restoredContext = newContext();
    const second = await warmChooseIndexes(restoredContext, () => false, path);
    // Nothing changed since it was written: its counts are taken as they are.
    expect(second).toMatchObject({ restored: first.built, built: 0, snapshotProblem: null, snapshotBytes: 0, isSnapshotCurrent: true });
    expect(await answers(restoredContext)).toEqual(await answers(newContext()));
  });

  it('patches what changed after the snapshot, and builds afresh from a corrupt file', async () => {
    const path = join(dir, 'changed');
    await warmChooseIndexes(newContext(), () => false, path);
    const [largest = 0] = await findCategoryIdsBySize(db.kysely, 2);
    const parts = await db.kysely.selectFrom('products').select('id').where('categorySecondId', '=', largest).orderBy('id').limit(3).execute();
    await db.kysely
      .updateTable('products')
      .set({ stock: 0, updatedAt: Date.now() + 1000 })
      .where(
        'id',
        'in',
        parts.map((part) => part.id),
      )
      .execute();

    const restoredContext = newContext();
    const restored = await warmChooseIndexes(restoredContext, () => false, path);
    expect(restored).toMatchObject({ built: 0, isSnapshotCurrent: false });
    expect(await answers(restoredContext)).toEqual(await answers(newContext()));

    const bytes = await readFile(path);
    bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 0xff;
    await writeFile(path, bytes);
    const rebuilt = await warmChooseIndexes(newContext(), () => false, path);
    expect(rebuilt.restored).toBe(0);
    expect(rebuilt.snapshotProblem).toContain('校验和');
    expect(rebuilt.snapshotBytes).toBeGreaterThan(0);
  });

  it('finds a part deleted after the snapshot: the change log says the counts must be checked', async () => {
    const path = join(dir, 'deleted');
    await warmChooseIndexes(newContext(), () => false, path);
    const [largest = 0] = await findCategoryIdsBySize(db.kysely, 2);
    const gone = await db.kysely.selectFrom('products').select('id').where('categorySecondId', '=', largest).orderBy('id', 'desc').executeTakeFirstOrThrow();
    // A delete moves no category's max(updatedAt): only the count shows it.
    await db.kysely.deleteFrom('products').where('id', '=', gone.id).execute();

    const restoredContext = newContext();
    const restored = await warmChooseIndexes(restoredContext, () => false, path);
    expect(restored.isSnapshotCurrent).toBe(false);
    const found = await answers(restoredContext);
    expect(found.flatMap((answer) => answer.list.list.map((part) => part.productId))).not.toContain(gone.id);
    expect(found).toEqual(await answers(newContext()));
  });
});
