import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/create-db.ts';
import type { ServiceDeps } from '../service-deps.ts';
import type { Page } from '../ssr/page-registry.ts';
import type { Ops } from '../ops/ops.ts';
import type { Clock } from '../ops/clock.ts';
import type { WorkPool } from '../work/work-pool.ts';
import type { SearchService } from './search/search.service.ts';

export interface FeatureDeps extends ServiceDeps {
  /** The engine handle under `db`, for bulk reads only (the search index build). */
  database: Db;
  /** Readiness checks and metrics a feature adds (the search index's build and lag). */
  ops: Ops;
  /** The app's one search service (its in-memory index): the search feature answers from it, the BOM tool matches with it. */
  search: SearchService;
  /** The app's worker threads, for work that would stall the event loop (reading uploaded spreadsheets, drawing PDFs). */
  workPool: WorkPool;
  /** The time background work reads (PeriodicWork's clock), the one the cache tick reads: AppDeps.clock or the system's. */
  clock: Clock;
}

/** Each feature adds its API calls to the app and its pages to the list. */
export type FeatureRegistration = (app: FastifyInstance, deps: FeatureDeps, pages: Page[]) => void;
