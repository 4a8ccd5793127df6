/** One counter per watched table, bumped by triggers on every write to it (migration 0011). */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

export interface CacheTables {
  cacheVersions: CacheVersionsTable;
}
