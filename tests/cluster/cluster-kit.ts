import { randomBytes, randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, vi } from 'vitest';
import { startCluster, type Cluster } from '../../deploy/cluster/cluster.ts';
import type { AnyCall, CallBody, CallResponse } from '../../src/contract/call.ts';
import { csrfCookieName, csrfHeaderName, type Envelope } from '../../src/contract/envelope.ts';
import { createDb, type Db } from '../../src/server/db/create-db.ts';
import type { Database } from '../../src/server/db/database.ts';

/** A port nothing listens on now (the kernel's choice), for a process about to start. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export interface UsedCluster {
  /** nginx in front of the processes. */
  readonly url: string;
  /** Each app process directly (127.0.0.1 is a trusted proxy for them: X-Forwarded-For is believed). */
  readonly processUrls: readonly string[];
  readonly cluster: Cluster;
  /** The cluster's database, for writes the way an operator would make them. */
  readonly db: Kysely<Database>;
}

/**
 * Three production processes (the build in BUILD_DIR, dist by default) on a fresh PostgreSQL
 * database of TEST_DATABASE_URL's server and the TEST_REDIS_URL Redis, behind nginx: started
 * in beforeAll, stopped and dropped in afterAll.
 */
export function useCluster(options: { processes?: number; restart?: boolean } = {}): UsedCluster {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!serverUrl || !redisUrl) throw new Error('the cluster tests need TEST_DATABASE_URL and TEST_REDIS_URL');
  const name = `store_cluster_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const lines: string[] = [];
  let started: { cluster: Cluster; db: Db } | undefined;

  beforeAll(async () => {
    const processes = options.processes ?? 3;
    const ports = await Promise.all(Array.from({ length: processes + 1 }, () => freePort()));
    const [nginxPort = 0, ...appPorts] = ports;
    const cluster = await startCluster({
      processes,
      basePort: 0,
      appPorts,
      databaseUrl: url.toString(),
      redisUrl,
      nginxPort,
      buildDir: process.env.BUILD_DIR ?? 'dist',
      env: { SEED_SKUS: '300', LOG_LEVEL: 'warn', SMS_OUTBOX_ENABLED: 'false' },
      output: (process, line) => {
        lines.push(`[${process}] ${line}`);
        if (lines.length > 200) lines.shift();
      },
      restart: options.restart ?? false,
    }).catch((error: unknown) => {
      throw new Error(`the cluster did not start: ${String(error)}\n${lines.join('\n')}`);
    });
    const db = createDb(url.toString(), { poolSize: 4 });
    // Redis outlives the database and keys login locks by user id: members of this run get ids no earlier run had.
    await sql.raw(`ALTER TABLE users ALTER COLUMN id RESTART WITH ${randomInt(1_000_000, 2_000_000_000)}`).execute(db.kysely);
    started = { cluster, db };
  }, 240_000);

  afterAll(async () => {
    await started?.db.destroy();
    await started?.cluster.stop();
    started = undefined;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
  }, 60_000);

  const ready = () => {
    if (!started) throw new Error('useCluster: the cluster exists from beforeAll to afterAll');
    return started;
  };
  return {
    get url() {
      return ready().cluster.url;
    },
    get processUrls() {
      return ready().cluster.processes.map((app) => app.url);
    },
    get cluster() {
      return ready().cluster;
    },
    get db() {
      return ready().db.kysely;
    },
  };
}

/**
 * A browser over real HTTP: one cookie jar, any origin of the cluster per request (nginx or one
 * process), the anti-forgery header sent like the browser's request layer.
 */
export class HttpBrowser {
  private readonly cookies = new Map<string, string>();

  /** With `forwardedFor`, requests to a process directly say they come from that client (127.0.0.1 is trusted). */
  constructor(private readonly forwardedFor?: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { ...extra, cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (this.forwardedFor) headers['x-forwarded-for'] = this.forwardedFor;
    return headers;
  }

  private remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const isExpired = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(origin: string, path: string): Promise<{ status: number; body: string }> {
    const response = await fetch(origin + path, { headers: this.headers(), redirect: 'manual' });
    this.remember(response);
    return { status: response.status, body: await response.text() };
  }

  async post(origin: string, path: string, body: unknown): Promise<Envelope<unknown>> {
    if (!this.cookies.has(csrfCookieName)) await this.get(origin, '/no/such/page');
    const response = await fetch(origin + path, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json', [csrfHeaderName]: this.cookies.get(csrfCookieName) ?? '' }),
      body: JSON.stringify(body),
    });
    this.remember(response);
    if (response.status !== 200) throw new Error(`HTTP ${response.status} from ${origin}${path}: ${await response.text()}`);
    return (await response.json()) as Envelope<unknown>;
  }

  /** A multipart form with one file, as the browser's upload boxes send it. */
  async postFile(origin: string, path: string, file: { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }): Promise<Envelope<unknown>> {
    if (!this.cookies.has(csrfCookieName)) await this.get(origin, '/no/such/page');
    const form = new FormData();
    form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(origin + path, {
      method: 'POST',
      headers: this.headers({ [csrfHeaderName]: this.cookies.get(csrfCookieName) ?? '' }),
      body: form,
    });
    this.remember(response);
    if (response.status !== 200) throw new Error(`HTTP ${response.status} from ${origin}${path}: ${await response.text()}`);
    return (await response.json()) as Envelope<unknown>;
  }

  async call<C extends AnyCall>(origin: string, call: C, body: CallBody<C>): Promise<Envelope<CallResponse<C>>> {
    // The server's handler is typed by the same call: its data is the call's response.
    return (await this.post(origin, call.path, body)) as Envelope<CallResponse<C>>;
  }
}

/** Polls until `check` holds (each process catches up on its own schedule); fails with the last value seen. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!check(value)) throw new Error(`still not as expected after ${timeoutMs / 1000} s: ${JSON.stringify(value).slice(0, 500)}`);
      return value;
    },
    { timeout: timeoutMs, interval: 200 },
  );
}
