import { Gauge, type Registry } from 'prom-client';
import type { IndexState, SearchIndexKeeper } from './search-index.keeper.ts';

/** The index's state in /readyz: `ready (build)`, `building 37 %, searching from SQL`… */
export function describeIndexState(state: IndexState): string {
  if (state.kind === 'ready') return `ready (${state.source})`;
  if (state.kind === 'loadingSnapshot') return 'loading snapshot, searching from SQL';
  if (state.kind === 'failed') return 'build failed, searching from SQL until the next build';
  if (state.kind === 'notStarted') return 'not built yet, searching from SQL';
  const { progress } = state;
  const percent = progress && progress.products > 0 ? Math.floor((100 * progress.productsRead) / progress.products) : 0;
  return `building ${String(percent)} %, searching from SQL`;
}

/** The index's build and how far it trails the change log (a lag that keeps growing means a stuck process). */
export function registerSearchIndexMetrics(registry: Registry, keeper: SearchIndexKeeper): void {
  const registers = [registry];
  new Gauge({
    name: 'search_index_ready',
    help: '1 once the in-memory search index is built',
    registers,
    collect() {
      this.set(keeper.isReady ? 1 : 0);
    },
  });
  new Gauge({
    name: 'search_index_build_progress_ratio',
    help: 'Share of the catalogue read by the build under way (0 to 1); 1 once the index is ready',
    registers,
    collect() {
      const state = keeper.state();
      if (state.kind === 'ready') this.set(1);
      else if (state.kind === 'building' && state.progress && state.progress.products > 0) this.set(state.progress.productsRead / state.progress.products);
      else this.set(0);
    },
  });
  new Gauge({
    name: 'search_index_ready_seconds',
    help: 'Seconds from process start until the search index answered (loaded from its snapshot or built)',
    registers,
    collect() {
      if (keeper.readiness) this.set(keeper.readiness.sinceStartMs / 1000);
    },
  });
  new Gauge({
    name: 'search_index_build_seconds',
    help: 'Duration of the last full index build',
    registers,
    collect() {
      if (keeper.lastBuild) this.set(keeper.lastBuild.ms / 1000);
    },
  });
  new Gauge({
    name: 'search_index_products',
    help: 'Products in the last full index build',
    registers,
    collect() {
      if (keeper.lastBuild) this.set(keeper.lastBuild.products);
    },
  });
  new Gauge({
    name: 'search_index_lag_changes',
    help: 'Catalogue changes written but not yet applied to this process’s index',
    registers,
    async collect() {
      const lag = await keeper.lag();
      if (lag !== null) this.set(lag);
    },
  });
}
