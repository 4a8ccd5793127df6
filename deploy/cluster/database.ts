import pg from 'pg';

/** The database of a postgres:// URL, created when the server does not have it yet. */
export async function ensurePostgresDatabase(databaseUrl: string): Promise<'created' | 'exists'> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`DATABASE_URL: "${name}" is not a database name this runner creates (letters, digits, _)`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return 'exists';
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    return 'created';
  } finally {
    await admin.end();
  }
}
