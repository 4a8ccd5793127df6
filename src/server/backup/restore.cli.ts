import { describeDatabase } from './backup-files.ts';
import { restoreStore } from './restore.ts';

/**
 * `npm run restore -- <backup file>`: replaces the DATABASE_URL store (default data/store.sqlite)
 * with a backup from `npm run backup`. Stop the store first; on SQLite a running store is refused.
 */
const usage = '用法: npm run restore -- <备份文件>\n  恢复到 DATABASE_URL（默认 data/store.sqlite）；恢复前请先停止商城的所有进程';

export function parseRestoreArguments(args: readonly string[]): { backupFile: string } {
  const [first, ...rest] = args;
  if (first === undefined || first === '--help' || first === '-h') throw new Error(usage);
  if (rest.length > 0 || first.startsWith('-')) throw new Error(`无法识别的参数 ${args.join(' ')}\n${usage}`);
  return { backupFile: first };
}

async function main() {
  const { backupFile } = parseRestoreArguments(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL ?? 'data/store.sqlite';
  console.log(`正在把 ${backupFile} 恢复到 ${describeDatabase(databaseUrl)} …`);
  const result = await restoreStore({ databaseUrl, backupFile });
  if (result.previousUnreadable) console.log(`注意：原数据库无法打开（${result.previousUnreadable}），已原样移走。`);
  if (result.previousFile) console.log(`原数据库已移至 ${result.previousFile}`);
  if (result.previousSecretFile) console.log(`原会话密钥已移至 ${result.previousSecretFile}`);
  if (result.secretRestored) console.log('会话密钥已从备份恢复。');
  console.log('恢复完成，可以启动商城。');
}

if (process.argv[1]?.endsWith('restore.cli.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
