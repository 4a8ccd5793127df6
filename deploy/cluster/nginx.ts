import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { portOf, waitForExit, waitForPort } from './child-process.ts';

const templateDir = resolve(import.meta.dirname, '../nginx');

/** Fills `${NAME}` placeholders as envsubst does for defined names; any other `${…}` left over is a mistake. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  const filled = template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
  const missing = /\$\{([A-Z_]+)\}/.exec(filled);
  if (missing) throw new Error(`nginx template: no value for ${missing[0]}`);
  return filled;
}

export interface StoreServerOptions {
  /** What `listen` takes: `127.0.0.1:8080`, `80`. */
  listen: string;
  /** host:port of each app process. */
  upstreams: readonly string[];
  /** The brotli directives, when nginx has the module. */
  brotli: boolean;
}

/** deploy/nginx/store.conf.template for these processes. */
export function renderStoreConf(options: StoreServerOptions): string {
  return fillTemplate(readFileSync(join(templateDir, 'store.conf.template'), 'utf8'), {
    STORE_LISTEN: options.listen,
    STORE_UPSTREAM_SERVERS: options.upstreams.map((address) => `server ${address} max_fails=2 fail_timeout=10s;`).join('\n    '),
    STORE_BROTLI: options.brotli ? `include ${join(templateDir, 'brotli.conf')};` : '# brotli: module not installed',
  });
}

export const nginxBinary = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** Debian's module (libnginx-mod-http-brotli-filter); absent elsewhere, and then only gzip compresses. */
function brotliModulePath(): string | null {
  const path = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';
  return existsSync(path) ? path : null;
}

export interface RunningNginx {
  /** The prefix with the rendered configuration and nginx's logs. */
  prefix: string;
  stop(): Promise<void>;
}

/**
 * Starts nginx in the foreground under a temporary prefix (no root needed, nothing written to
 * /etc or /var), after `nginx -t` has accepted the configuration.
 */
export async function startNginx(options: Omit<StoreServerOptions, 'brotli'>): Promise<RunningNginx> {
  if (!existsSync(nginxBinary)) throw new Error(`nginx not found at ${nginxBinary} (apt-get install nginx, or set NGINX_BIN)`);
  const prefix = mkdtempSync(join(tmpdir(), 'store-nginx-'));
  // Workers run as nobody when the master is root: they must reach the temp directories.
  chmodSync(prefix, 0o755);
  const brotli = brotliModulePath();
  writeFileSync(join(prefix, 'store.conf'), renderStoreConf({ ...options, brotli: brotli !== null }));
  writeFileSync(
    join(prefix, 'nginx.conf'),
    fillTemplate(readFileSync(join(templateDir, 'nginx.conf.template'), 'utf8'), {
      NGINX_PREFIX: prefix,
      NGINX_LOAD_MODULES: brotli ? `load_module ${brotli};` : '',
      NGINX_MIME_TYPES: process.env.NGINX_MIME_TYPES ?? '/etc/nginx/mime.types',
    }),
  );
  const args = ['-p', prefix, '-c', join(prefix, 'nginx.conf')];
  const check = spawnSync(nginxBinary, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration in ${prefix}:\n${check.stderr}`);
  const child = spawn(nginxBinary, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await waitForPort(portOf(options.listen), { child, describe: () => `nginx: ${errors}` });
  return {
    prefix,
    async stop() {
      // SIGQUIT: finish the requests in flight, then exit.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await waitForExit(child, 10_000);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
