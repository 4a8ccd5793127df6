import SQLite from 'better-sqlite3';

/** `PRAGMA integrity_check` on a closed database file: throws with SQLite's findings unless it says ok. */
export function assertSqliteIntact(path: string): void {
  const db = new SQLite(path, { readonly: true, fileMustExist: true });
  try {
    const findings = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const problems = findings.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) throw new Error(`${path} 未通过完整性检查 (PRAGMA integrity_check):\n  ${problems.slice(0, 10).join('\n  ')}`);
  } finally {
    db.close();
  }
}
