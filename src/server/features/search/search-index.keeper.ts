import type { Logger } from 'pino';
import type { Db } from '../../db/create-db.ts';
import { logBackgroundFailure } from '../../db/database-errors.ts';
import { pruneChanges, readChangesAfter, readSyncState } from '../../cache/catalog-changes.ts';
import { buildSearchIndex, loadDictionary, type BuildStats } from './index/build-index.ts';
import { ChangeCursor } from '../../cache/change-cursor.ts';
import type { Dictionary } from './index/dictionary.ts';
import type { SearchIndex } from './index/search-index.ts';
import { readSearchSnapshot, searchSnapshotSeq, writeSearchSnapshot } from './index/search-snapshot.ts';
import { SnapshotUnusableError } from '../../cache/snapshot-file.ts';
import { countProducts, loadProductDocsByIds } from './search-index.repository.ts';
import { buildSearchIndexInThread, isBuildableInThread, type BuildProgress } from './search-build.thread.ts';
import { systemClock, type Clock } from '../../ops/clock.ts';
import { PeriodicWork } from '../../ops/periodic-work.ts';

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
  /**
   * Where this process loads its index from at start and writes it after a full build
   * (search-snapshot.ts); null or absent: always build from the database.
   */
  snapshotPath?: string | null;
  /** The time checks are made by (AppDeps.clock): a test moves it past checkIntervalMs instead of waiting. */
  clock?: Clock;
  /**
   * The database's address, for a build on a thread of its own (search-build.thread.ts) when the catalogue is larger
   * than `waitForBuildUpTo`; absent or in-memory: every build runs on the event loop's thread, a batch at a time.
   */
  databaseUrl?: string | null;
  /** After a failed build (searches answered from SQL meanwhile) the next one starts no sooner than this (ms). */
  retryBuildAfterMs?: number;
  /**
   * Map the snapshot copy-on-write instead of reading it, so the processes of one machine share one copy of the index
   * (decision 0035); without the optional addon it is read as before.
   */
  mapSnapshot?: boolean;
}

/** Change-log rows read per statement while catching up. */
const changePageRows = 5000;

export const defaultKeeperOptions: KeeperOptions = {
  checkIntervalMs: 1000,
  waitForBuildUpTo: 50_000,
  maxIncremental: 5000,
  maxOverlay: 20_000,
  retainChangesMs: 3_600_000,
  snapshotPath: null,
  databaseUrl: null,
  retryBuildAfterMs: 60_000,
  mapSnapshot: true,
};

/** How the index that answers first came to be, and when (ms since the process started). */
export interface IndexReadiness {
  source: 'snapshot' | 'build';
  sinceStartMs: number;
}

/** What /readyz and the metrics say of the index: searches are answered from SQL until it is `ready`. */
export type IndexState =
  | { kind: 'ready'; source: IndexReadiness['source'] }
  | { kind: 'loadingSnapshot' }
  | { kind: 'building'; progress: BuildProgress | null }
  | { kind: 'failed' }
  | { kind: 'notStarted' };

/**
 * Keeps one process's search index current. The first use builds it (waiting for small
 * catalogues, answering from SQL for large ones until ready); afterwards requests check the
 * change log at most every `checkIntervalMs`, patch the few products that changed, and
 * rebuild in the background after large or structural changes (brands, categories). Between
 * requests it follows the log as the app's other background work does (PeriodicWork, `follow`).
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
  private lastPruneAt = 0;
  private hasTriedSnapshot = false;
  private isRebuildRequested = false;
  private isLoadingSnapshot = false;
  private progress: BuildProgress | null = null;
  private lastFailureAt: number | null = null;
  private readonly stopBuilds = new AbortController();
  private readonly clock: Clock;
  lastBuild: BuildStats | null = null;
  readiness: IndexReadiness | null = null;
  /** Follows the change log even when no request comes (from listen to close), and prunes it now and then. */
  readonly follow: PeriodicWork<void>;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: KeeperOptions = defaultKeeperOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.follow = new PeriodicWork({
      name: 'search index sync',
      intervalMs: Math.max(1000, options.checkIntervalMs * 5),
      logger,
      idle: undefined,
      clock: this.clock,
      pass: () => this.followPass(),
    });
  }

  /** The index to answer from, up to date within checkIntervalMs; null while a large catalogue is being indexed. */
  async current(): Promise<SearchIndex | null> {
    if (!this.index) {
      const build = this.buildUnderWay();
      this.productCount ??= countProducts(this.db);
      if ((await this.productCount) <= this.options.waitForBuildUpTo) await build;
      return this.index;
    }
    if (this.clock.now() - this.lastCheckAt >= this.options.checkIntervalMs) void this.startCheck();
    // A check under way began within the interval (or just now): what it reads is current enough, and it may hold a
    // change the page cache has already dropped a page for, so the answer waits for it rather than use the index before it.
    await this.syncing;
    return this.index;
  }

  /**
   * A new check of the change log, after the one under way: that one may have read the log before the interval
   * began, and a request past the interval must see every change committed before it asked.
   */
  private startCheck(): Promise<void> {
    this.lastCheckAt = this.clock.now();
    const previous = this.syncing;
    const check: Promise<void> = (previous ? previous.catch(() => undefined).then(() => this.sync()) : this.sync()).finally(() => {
      if (this.syncing === check) this.syncing = null;
    });
    this.syncing = check;
    return check;
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

  get isBuilding(): boolean {
    return this.building !== null;
  }

  /** Ready, or what it is doing to become so (the first build's share read, for /readyz). */
  state(): IndexState {
    if (this.index) return { kind: 'ready', source: this.readiness?.source ?? 'build' };
    if (this.isLoadingSnapshot) return { kind: 'loadingSnapshot' };
    if (this.building) return { kind: 'building', progress: this.progress };
    return this.lastFailureAt === null ? { kind: 'notStarted' } : { kind: 'failed' };
  }

  /** Changes in the log this process has not applied yet; null before the first build. */
  async lag(): Promise<number | null> {
    if (!this.index) return null;
    const { maxSeq } = await readSyncState(this.db);
    return Math.max(0, maxSeq - this.cursor.seenThrough);
  }

  /** After listen: build now, and follow the change log even when no request comes. */
  start(): void {
    void this.buildUnderWay();
    this.follow.start();
  }

  /**
   * Applies every change committed before the call (the dev hook, cache-tick.routes.ts): after the build or
   * check under way, which may have read the log before it, one more check. A change the check cannot apply in
   * place (a category or brand, a pruned log) starts a rebuild, which is waited for too. Before the first build, nothing to do.
   */
  async catchUp(): Promise<void> {
    await this.building;
    while (this.syncing) await this.syncing;
    if (!this.index || this.isClosed) return;
    await this.startCheck();
    for (let build = this.buildInProgress(); build && !this.hasStopped(); build = this.buildInProgress()) await build;
  }

  /** A pass of `follow`: the changes since the last check (unless a request's check is under way), then the occasional prune. */
  private async followPass(): Promise<void> {
    if (!this.index || this.syncing) return;
    this.lastCheckAt = this.clock.now();
    const pass = this.sync();
    // A request that joins this check answers from the index it has if the check fails; the failure is the pass's to report.
    const joined: Promise<void> = pass
      .catch(() => undefined)
      .finally(() => {
        if (this.syncing === joined) this.syncing = null;
      });
    this.syncing = joined;
    await pass;
    await this.pruneOccasionally();
  }

  /** The build under way, read after an await (a field read would be narrowed to its earlier value). */
  private buildInProgress(): Promise<void> | null {
    return this.building;
  }

  /** For checks after an await, where close() may have run meanwhile (a field read would be narrowed to its earlier value). */
  private hasStopped(): boolean {
    return this.isClosed;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.stopBuilds.abort();
    await this.follow.close();
    await Promise.allSettled([this.building, this.syncing]);
  }

  /**
   * For a caller that only needs an index (current(), start()): the build under way, else a new one.
   * Through startBuild() a search during the snapshot's load at 5M parts asked for a second, full
   * build of 85 s after it.
   */
  private buildUnderWay(): Promise<void> {
    if (this.building) return this.building;
    const failedAt = this.lastFailureAt;
    // A build that fails (the database away, a thread that could not start) is not retried on every search.
    if (failedAt !== null && this.clock.now() - failedAt < (this.options.retryBuildAfterMs ?? 0)) return Promise.resolve();
    return this.startBuild();
  }

  /**
   * Builds a fresh index in the background (one at a time); the old one answers meanwhile.
   * Asked again while building (a structural change read while catching up), it builds once more afterwards.
   */
  startBuild(): Promise<void> {
    if (this.building) {
      this.isRebuildRequested = true;
      return this.building;
    }
    this.building = this.build().finally(() => {
      this.building = null;
      if (this.isRebuildRequested && !this.isClosed) {
        this.isRebuildRequested = false;
        void this.startBuild();
      }
    });
    return this.building;
  }

  private async build(): Promise<void> {
    try {
      const snapshotPath = this.options.snapshotPath;
      if (!this.index && snapshotPath && !this.hasTriedSnapshot) {
        this.hasTriedSnapshot = true;
        if (await this.loadSnapshot(snapshotPath)) return;
      }
      this.isRebuildRequested = false;
      const { maxSeq } = await readSyncState(this.db);
      const built = await this.buildFresh(maxSeq);
      if (!built) return;
      this.lastFailureAt = null;
      this.index = built.index;
      this.dictionaryCache = null;
      this.cursor = new ChangeCursor(maxSeq);
      this.lastBuild = built.stats;
      this.markReady('build');
      this.logger.info({ ...built.stats, rssMb: Math.round(process.memoryUsage().rss / 1048576) }, 'search index built');
      if (snapshotPath) await this.writeSnapshot(snapshotPath, built.index, maxSeq);
      // Whatever was written while reading is applied now.
      await this.sync();
    } catch (error) {
      if (this.isClosed) return;
      this.lastFailureAt = this.clock.now();
      logBackgroundFailure(this.logger, error, this.index ? 'search index build failed' : 'search index build failed: searching from SQL');
    }
  }

  /**
   * A full build: on a thread of its own for a catalogue larger than `waitForBuildUpTo` (the event loop's thread
   * answers from SQL meanwhile, decision 0035), else here, a batch at a time. Null when the app closed meanwhile.
   */
  private async buildFresh(seq: number): Promise<{ index: SearchIndex; stats: BuildStats } | null> {
    const products = await countProducts(this.db);
    this.progress = { productsRead: 0, products };
    const onProgress = (progress: BuildProgress) => (this.progress = progress);
    try {
      const { databaseUrl } = this.options;
      if (isBuildableInThread(databaseUrl) && products > this.options.waitForBuildUpTo) {
        const dictionary = await loadDictionary(this.db);
        return await buildSearchIndexInThread({ databaseUrl, seq, dictionary, onProgress, signal: this.stopBuilds.signal });
      }
      return await buildSearchIndex(
        this.db,
        () => this.isClosed,
        (productsRead) => onProgress({ productsRead, products }),
      );
    } finally {
      this.progress = null;
    }
  }

  private markReady(source: IndexReadiness['source']): void {
    if (this.readiness) return;
    this.readiness = { source, sinceStartMs: Math.round(performance.now()) };
    this.logger.info({ ...this.readiness, rssMb: Math.round(process.memoryUsage().rss / 1048576) }, 'search index ready');
  }

  /**
   * The snapshot, caught up through the change log after its seq. False (and a full build)
   * when it is missing, of another format, corrupt, older than the pruned log or newer than
   * this database, or when its parts do not add up to the catalogue's after catching up.
   */
  private async loadSnapshot(path: string): Promise<boolean> {
    const started = performance.now();
    this.isLoadingSnapshot = true;
    try {
      const { index, meta, isMapped } = await readSearchSnapshot(path, await loadDictionary(this.db), { isMapped: this.options.mapSnapshot ?? false });
      const state = await readSyncState(this.db);
      if (state.prunedThrough > meta.seq) throw new SnapshotUnusableError(`变更日志已清理到 ${state.prunedThrough}，快照只到 ${meta.seq}`);
      if (meta.seq > state.maxSeq) throw new SnapshotUnusableError(`快照 (${meta.seq}) 比数据库的变更日志 (${state.maxSeq}) 还新，不是这个数据库的`);
      const loadedMs = Math.round(performance.now() - started);
      this.index = index;
      this.dictionaryCache = null;
      this.cursor = new ChangeCursor(meta.seq);
      await this.sync();
      if (!this.isRebuildRequested) {
        const products = await countProducts(this.db);
        if (products !== index.productCount) {
          this.isRebuildRequested = true;
          this.logger.warn({ products, indexed: index.productCount }, 'search index snapshot disagrees with the catalogue after catching up: rebuilding');
        }
      }
      this.markReady('snapshot');
      this.logger.info(
        {
          path,
          seq: meta.seq,
          caughtUpTo: this.cursor.seenThrough,
          products: index.productCount,
          isMapped,
          loadMs: loadedMs,
          ms: Math.round(performance.now() - started),
        },
        'search index loaded from snapshot',
      );
      return true;
    } catch (error) {
      this.index = null;
      if (error instanceof SnapshotUnusableError)
        this.logger.info({ path, reason: error.message }, 'search index snapshot not used: building from the database');
      else this.logger.warn({ err: error, path }, 'search index snapshot failed to load: building from the database');
      return false;
    } finally {
      this.isLoadingSnapshot = false;
    }
  }

  private async writeSnapshot(path: string, index: SearchIndex, seq: number): Promise<void> {
    try {
      const existing = await searchSnapshotSeq(path);
      if (existing !== null && existing >= seq) return;
      const started = performance.now();
      const { bytes } = await writeSearchSnapshot(path, index, seq);
      this.logger.info({ path, seq, mb: Math.round(bytes / 1048576), ms: Math.round(performance.now() - started) }, 'search index snapshot written');
    } catch (error) {
      this.logger.warn({ err: error, path }, 'search index snapshot could not be written');
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
    if (state.maxSeq <= this.cursor.seenThrough) return;
    const changed = await this.changesThrough(state.maxSeq);
    if (changed === 'rebuild') {
      void this.startBuild();
      return;
    }
    if (changed.size > 0) {
      const productIds = [...changed];
      const docs = await loadProductDocsByIds(this.db, productIds);
      if (this.hasStopped() || index !== this.index) return;
      const found = new Set(docs.map((doc) => doc.productId));
      index.applyChanges(
        docs,
        productIds.filter((id) => !found.has(id)),
      );
    }
    this.cursor.advance(this.clock.now());
    if (index.overlaySize > this.options.maxOverlay) void this.startBuild();
  }

  /**
   * The products changed in the whole backlog up to `maxSeq`, read a page at a time (a price list applied to
   * thousands of parts writes tens of thousands of rows: one page per check would leave the index further behind
   * each second); 'rebuild' for a brand, category or attribute change, or more products than a patch is worth.
   */
  private async changesThrough(maxSeq: number): Promise<Set<number> | 'rebuild'> {
    const changed = new Set<number>();
    for (let after = this.cursor.seenThrough; after < maxSeq;) {
      const page = await readChangesAfter(this.db, after, changePageRows);
      const last = page.at(-1);
      if (!last) break;
      for (const row of this.cursor.take(page)) {
        if (row.productId === null) return 'rebuild';
        changed.add(row.productId);
      }
      if (changed.size > this.options.maxIncremental) return 'rebuild';
      after = last.seq;
    }
    return changed;
  }

  /** Every ten minutes, from the timer (never on a request's time): drops old change-log rows. */
  private async pruneOccasionally(): Promise<void> {
    const now = this.clock.now();
    if (now - this.lastPruneAt < 600_000 || !this.index) return;
    this.lastPruneAt = now;
    await pruneChanges(this.db, this.cursor.seenThrough, now - this.options.retainChangesMs);
  }
}
