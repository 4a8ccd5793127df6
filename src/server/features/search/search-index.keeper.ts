import type { Logger } from 'pino';
import type { Db } from '../../db/create-db.ts';
import { logBackgroundFailure } from '../../db/database-errors.ts';
import { pruneChanges, readChangesAfter, readSyncState } from './catalog-changes.repository.ts';
import { buildSearchIndex, loadDictionary, type BuildStats } from './index/build-index.ts';
import { ChangeCursor } from './index/change-cursor.ts';
import type { Dictionary } from './index/dictionary.ts';
import type { SearchIndex } from './index/search-index.ts';
import { countProducts, loadProductDocsByIds } from './search-index.repository.ts';

export interface KeeperOptions {
  /** How often a request checks the change log (ms); 0 checks on every request. */
  checkIntervalMs: number;
  /** Catalogues up to this size are indexed before the first answer; larger ones answer from SQL meanwhile. */
  waitForBuildUpTo: number;
  /** More changed products than this at once: rebuild instead of patching. */
  maxIncremental: number;
  /** A larger overlay of changed products is folded into a fresh base in the background. */
  maxOverlay: number;
  /** Change-log rows older than this are pruned. */
  retainChangesMs: number;
}

export const defaultKeeperOptions: KeeperOptions = {
  checkIntervalMs: 1000,
  waitForBuildUpTo: 50_000,
  maxIncremental: 5000,
  maxOverlay: 20_000,
  retainChangesMs: 3_600_000,
};

/**
 * Keeps one process's search index current. The first use builds it (waiting for small
 * catalogues, answering from SQL for large ones until ready); afterwards requests check the
 * change log at most every `checkIntervalMs`, patch the few products that changed, and
 * rebuild in the background after large or structural changes (brands, categories).
 */
export class SearchIndexKeeper {
  private index: SearchIndex | null = null;
  private dictionaryCache: Promise<Dictionary> | null = null;
  private building: Promise<void> | null = null;
  private syncing: Promise<void> | null = null;
  private productCount: Promise<number> | null = null;
  private cursor = new ChangeCursor(0);
  private lastCheckAt = 0;
  private isClosed = false;
  private timer: NodeJS.Timeout | null = null;
  private lastPruneAt = 0;
  lastBuild: BuildStats | null = null;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: KeeperOptions = defaultKeeperOptions,
  ) {}

  /** The index to answer from, up to date within checkIntervalMs; null while a large catalogue is being indexed. */
  async current(): Promise<SearchIndex | null> {
    if (!this.index) {
      const build = this.startBuild();
      this.productCount ??= countProducts(this.db);
      if ((await this.productCount) <= this.options.waitForBuildUpTo) await build;
      return this.index;
    }
    if (Date.now() - this.lastCheckAt >= this.options.checkIntervalMs) {
      this.lastCheckAt = Date.now();
      this.syncing ??= this.sync().finally(() => (this.syncing = null));
      await this.syncing;
    }
    return this.index;
  }

  /** Brands and categories by name, available before the index (for the SQL answers). */
  dictionary(): Promise<Dictionary> {
    if (this.index) return Promise.resolve(this.index.dictionary);
    this.dictionaryCache ??= loadDictionary(this.db);
    return this.dictionaryCache;
  }

  get isReady(): boolean {
    return this.index !== null;
  }

  /** Changes in the log this process has not applied yet; null before the first build. */
  async lag(): Promise<number | null> {
    if (!this.index) return null;
    const { maxSeq } = await readSyncState(this.db);
    return Math.max(0, maxSeq - this.cursor.seenThrough);
  }

  /** After listen: build now, and follow the change log even when no request comes. */
  start(): void {
    void this.startBuild();
    this.timer = setInterval(
      () => {
        if (!this.index || this.syncing) return;
        this.lastCheckAt = Date.now();
        this.syncing = this.sync()
          .then(() => this.pruneOccasionally())
          .catch((error: unknown) => this.logger.warn({ err: error }, 'search index sync failed'))
          .finally(() => (this.syncing = null));
      },
      Math.max(1000, this.options.checkIntervalMs * 5),
    );
    this.timer.unref();
  }

  /** For checks after an await, where close() may have run meanwhile (a field read would be narrowed to its earlier value). */
  private hasStopped(): boolean {
    return this.isClosed;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([this.building, this.syncing]);
  }

  /** Builds a fresh index in the background (one at a time); the old one answers meanwhile. */
  startBuild(): Promise<void> {
    this.building ??= this.build().finally(() => (this.building = null));
    return this.building;
  }

  private async build(): Promise<void> {
    try {
      const { maxSeq } = await readSyncState(this.db);
      const built = await buildSearchIndex(this.db, () => this.isClosed);
      if (!built) return;
      this.index = built.index;
      this.dictionaryCache = null;
      this.cursor = new ChangeCursor(maxSeq);
      this.lastBuild = built.stats;
      this.logger.info({ ...built.stats, rssMb: Math.round(process.memoryUsage().rss / 1048576) }, 'search index built');
      // Whatever was written while reading is applied now.
      await this.sync();
    } catch (error) {
      if (!this.isClosed) logBackgroundFailure(this.logger, error, 'search index build failed');
    }
  }

  private async sync(): Promise<void> {
    const index = this.index;
    if (!index || this.isClosed) return;
    const state = await readSyncState(this.db);
    if (state.prunedThrough > this.cursor.seenThrough) {
      void this.startBuild();
      return;
    }
    if (state.maxSeq > this.cursor.seenThrough) {
      const rows = this.cursor.take(await readChangesAfter(this.db, this.cursor.seenThrough, this.options.maxIncremental + 1));
      const isStructural = rows.some((row) => row.productId === null);
      const productIds = [...new Set(rows.flatMap((row) => (row.productId === null ? [] : [row.productId])))];
      if (isStructural || productIds.length > this.options.maxIncremental) {
        void this.startBuild();
        return;
      }
      if (productIds.length > 0) {
        const docs = await loadProductDocsByIds(this.db, productIds);
        if (this.hasStopped() || index !== this.index) return;
        const found = new Set(docs.map((doc) => doc.productId));
        index.applyChanges(
          docs,
          productIds.filter((id) => !found.has(id)),
        );
      }
      this.cursor.advance(Date.now());
      if (index.overlaySize > this.options.maxOverlay) void this.startBuild();
    }
  }

  /** Every ten minutes, from the timer (never on a request's time): drops old change-log rows. */
  private async pruneOccasionally(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPruneAt < 600_000 || !this.index) return;
    this.lastPruneAt = now;
    await pruneChanges(this.db, this.cursor.seenThrough, now - this.options.retainChangesMs);
  }
}
