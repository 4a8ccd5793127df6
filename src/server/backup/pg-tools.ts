import { spawn } from 'node:child_process';

/**
 * Runs a PostgreSQL client tool (pg_dump, pg_restore) against DATABASE_URL. The password goes
 * through PGPASSWORD rather than the command line, where `ps` would show it.
 */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: readonly string[]): Promise<void> {
  const url = new URL(databaseUrl);
  const env = { ...process.env };
  if (url.password) {
    env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
  }
  await runTool(tool, [...args, `--dbname=${url.toString()}`], env);
}

/** `pg_restore --list`: reads the whole table of contents, so a truncated or foreign file fails. */
export async function checkPgArchive(file: string): Promise<void> {
  await runTool('pg_restore', ['--list', file], process.env, 'ignore');
}

function runTool(tool: string, args: readonly string[], env: NodeJS.ProcessEnv, stdout: 'inherit' | 'ignore' = 'inherit'): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', stdout, 'inherit'] });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(new Error(error.code === 'ENOENT' ? `找不到 ${tool}：请安装 PostgreSQL 客户端（Debian: apt-get install postgresql-client）` : error.message));
    });
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} 失败（${signal ?? `退出码 ${String(code)}`}），见上方输出`));
    });
  });
}
