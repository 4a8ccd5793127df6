import type { Db } from '../../../db/create-db.ts';
import { forEachProductDocAfter, loadAttributeUnits, loadBrandEntries, loadCategoryEntries } from '../search-index.repository.ts';
import { Dictionary } from './dictionary.ts';
import { SearchIndex } from './search-index.ts';
import { PackageTable, SegmentBuilder } from './segment-builder.ts';
import { yieldToEventLoop } from '../../../work/yield-to-event-loop.ts';

export async function loadDictionary(db: Db): Promise<Dictionary> {
  const [brands, categories] = await Promise.all([loadBrandEntries(db), loadCategoryEntries(db)]);
  return new Dictionary(brands, categories);
}

export interface BuildStats {
  products: number;
  ms: number;
}

const batchSize = 20_000;

/**
 * Reads every product in id order, a batch at a time (other requests run between batches),
 * and builds the base segment. `isCancelled` stops a build whose app is closing; `onProgress` hears the
 * products read so far after each batch.
 */
export async function buildSearchIndex(
  db: Db,
  isCancelled: () => boolean = () => false,
  onProgress: (productsRead: number) => void = () => undefined,
): Promise<{ index: SearchIndex; stats: BuildStats } | null> {
  const started = performance.now();
  const [dictionary, units] = await Promise.all([loadDictionary(db), loadAttributeUnits(db)]);
  const packages = new PackageTable();
  const builder = new SegmentBuilder(packages);
  let productsRead = 0;
  for (let afterId: number | null = 0; afterId !== null;) {
    if (isCancelled()) return null;
    afterId = await forEachProductDocAfter(db, afterId, batchSize, units, (doc) => {
      builder.add(doc);
      productsRead++;
    });
    onProgress(productsRead);
    await yieldToEventLoop();
  }
  if (isCancelled()) return null;
  const index = new SearchIndex(dictionary, packages, builder.finish());
  return { index, stats: { products: index.productCount, ms: Math.round(performance.now() - started) } };
}
