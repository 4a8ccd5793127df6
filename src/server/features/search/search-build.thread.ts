import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SnapshotContent } from '../../cache/snapshot-file.ts';
import { workerFileOf } from '../../work/work-pool.ts';
import type { BuildStats } from './index/build-index.ts';
import type { Dictionary } from './index/dictionary.ts';
import { indexOfContent, type SearchSnapshotMeta } from './index/search-snapshot.ts';
import type { SearchIndex } from './index/search-index.ts';

export interface BuildThreadInput {
  /** The thread opens its own connection: an in-memory SQLite database cannot be built this way. */
  databaseUrl: string;
  /** The change-log seq read before the build (kept in the handed-back meta). */
  seq: number;
}

export type BuildThreadMessage =
  { kind: 'progress'; productsRead: number; products: number } | { kind: 'built'; content: SnapshotContent<SearchSnapshotMeta>; stats: BuildStats };

export interface BuildProgress {
  productsRead: number;
  products: number;
}

export interface ThreadBuild {
  databaseUrl: string;
  seq: number;
  /** Brands and categories by name, read by the app (the thread's own are not sent back). */
  dictionary: Dictionary;
  onProgress: (progress: BuildProgress) => void;
  /** Aborting ends the thread; the build then resolves null. */
  signal: AbortSignal;
}

/** Whether a database can be read by a second connection from another thread. */
export function isBuildableInThread(databaseUrl: string | null | undefined): databaseUrl is string {
  return !!databaseUrl && databaseUrl !== ':memory:' && !databaseUrl.startsWith('file::memory:');
}

/**
 * From source (Vitest, npm run dev) the worker is TypeScript inside an ESM package: Node 20 loads it only through
 * tsx's require hook, so the thread starts as a CommonJS snippet requiring it (as Piscina's threads do). The build's
 * .js beside main.js starts directly.
 */
function startThread(file: URL, input: BuildThreadInput): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file, { workerData: input });
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(fileURLToPath(file))})`, { eval: true, execArgv: ['--require', tsx], workerData: input });
}

/**
 * Builds the search index on a thread of its own (search-build.worker.ts), so the event loop's thread answers every
 * other request meanwhile; the arrays come back by transfer and become an index here. Not the app's work pool
 * (decision 0035): a build is one long task at start, with no CPU budget, that would hold the pool's only thread.
 */
export function buildSearchIndexInThread(build: ThreadBuild): Promise<{ index: SearchIndex; stats: BuildStats } | null> {
  const worker = startThread(workerFileOf(import.meta.url, 'search-build.worker'), { databaseUrl: build.databaseUrl, seq: build.seq });
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const settle = (settleWith: () => void) => {
      if (isSettled) return;
      isSettled = true;
      build.signal.removeEventListener('abort', stop);
      settleWith();
    };
    const stop = () => settle(() => void worker.terminate().then(() => resolve(null), reject));
    if (build.signal.aborted) {
      stop();
      return;
    }
    build.signal.addEventListener('abort', stop);
    worker.on('message', (message: BuildThreadMessage) => {
      if (message.kind === 'progress') {
        build.onProgress({ productsRead: message.productsRead, products: message.products });
        return;
      }
      settle(() => {
        try {
          const { index } = indexOfContent(message.content, build.dictionary);
          resolve({ index, stats: message.stats });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) => settle(() => reject(new Error(`search index build thread ended (exit code ${String(code)}) before handing back an index`))));
  });
}
