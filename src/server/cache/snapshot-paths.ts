/** The snapshot file of one index under the configured prefix (config.indexSnapshotBase), or null when snapshots are off. */
export function snapshotPathOf(base: string | null, kind: 'search-index' | 'choose-index'): string | null {
  return base === null ? null : `${base}.${kind}`;
}
