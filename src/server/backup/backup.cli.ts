import { statSync } from 'node:fs';
import { describeDatabase } from './backup-files.ts';
import { backupStore } from './backup.ts';

/**
 * `npm run backup [-- <directory>]`: an online backup of the DATABASE_URL store (default
 * data/store.sqlite) into <directory>, or BACKUP_DIR, or backups/. The store may keep running.
 */
const usage = '用法: npm run backup [-- <备份目录>]\n  备份目录默认取 BACKUP_DIR，未设置时为 backups/；数据库取 DATABASE_URL（默认 data/store.sqlite）';

export function parseBackupArguments(args: readonly string[], env: NodeJS.ProcessEnv): { directory: string } {
  const [first, ...rest] = args;
  if (first === '--help' || first === '-h') throw new Error(usage);
  if (rest.length > 0 || first?.startsWith('-')) throw new Error(`无法识别的参数 ${args.join(' ')}\n${usage}`);
  return { directory: first ?? env.BACKUP_DIR ?? 'backups' };
}

async function main() {
  const { directory } = parseBackupArguments(process.argv.slice(2), process.env);
  const databaseUrl = process.env.DATABASE_URL ?? 'data/store.sqlite';
  console.log(`正在备份 ${describeDatabase(databaseUrl)} …`);
  const { file, secretFile } = await backupStore({ databaseUrl, directory });
  // eslint-disable-next-line xinpin/money-text-in-money-module -- megabytes, not money
  console.log(`备份完成：${file}（${(statSync(file).size / 1024 / 1024).toFixed(1)} MB，已通过检查）`);
  if (secretFile) console.log(`会话密钥已一并复制：${secretFile}（请与备份一起妥善保管）`);
  console.log(`恢复：先停止商城，再运行 npm run restore -- ${file}`);
}

if (process.argv[1]?.endsWith('backup.cli.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
