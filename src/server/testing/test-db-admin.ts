import pg from 'pg';

/** The address of another database on the same server. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on a connection to the server's maintenance database (the URL's own database). */
export async function withAdminClient<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a database for tests, copied from `template` when given. Its commits do not wait for the
 * disk (synchronous_commit off): a test database is thrown away, and the PostgreSQL tests spent most
 * of their time waiting on fsync.
 */
export async function createScratchDatabase(admin: pg.Client, name: string, template?: string): Promise<void> {
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
}

/**
 * Waits until nobody is connected to the database: pg's pool.end() resolves before its sockets
 * close, and a database still connected to can be neither dropped without FORCE (which would kill
 * those sockets mid-close, an uncaught error) nor copied as a template.
 */
export async function waitUntilUnused(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await admin.query<{ count: number }>('SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = $1', [name]);
    if ((open.rows[0]?.count ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function dropDatabaseWhenIdle(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, async (admin) => {
    await waitUntilUnused(admin, name);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
