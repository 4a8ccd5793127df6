import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../../db/create-db.ts';
import { buildSearchIndex } from './index/build-index.ts';
import { searchContentOf } from './index/search-snapshot.ts';
import { countProducts } from './search-index.repository.ts';
import type { BuildThreadInput, BuildThreadMessage } from './search-build.thread.ts';

/**
 * A search index build on a thread of its own (search-build.thread.ts starts it): reads the catalogue through its own
 * connection, says how far it got after each batch, and hands the built arrays back by transfer, not by copy.
 */
async function buildAndHandBack(input: BuildThreadInput): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('search-build.worker runs in a worker thread');
  const db = createDb(input.databaseUrl, { poolSize: 1 });
  try {
    const products = await countProducts(db);
    const say = (message: BuildThreadMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
    const built = await buildSearchIndex(db, undefined, (productsRead) => say({ kind: 'progress', productsRead, products }));
    if (!built) throw new Error('search index build stopped');
    const content = searchContentOf(built.index, input.seq);
    const buffers = new Set<ArrayBuffer>();
    for (const array of content.arrays.values()) if (array.buffer instanceof ArrayBuffer) buffers.add(array.buffer);
    say({ kind: 'built', content, stats: built.stats }, [...buffers]);
  } finally {
    await db.destroy();
  }
}

// A failure ends the thread with its error, which the starting thread hears as the worker's 'error'.
buildAndHandBack(workerData as BuildThreadInput).catch((error: unknown) =>
  setImmediate(() => {
    throw error;
  }),
);
