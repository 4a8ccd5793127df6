import { pino } from 'pino';
import { statSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { countSeededRows, dropAllTables, isStoreEmpty } from './seed-reset.ts';
import { seedDemoData } from './seed.ts';
import { writeIndexSnapshots } from './index-snapshots.ts';

/**
 * `npm run seed -- --skus N [--reset]`: seeds the DATABASE_URL database (default
 * data/store.sqlite) with the deterministic demo data and prints the time and counts.
 */
interface CliOptions {
  skus: number;
  reset: boolean;
}

const usage =
  '用法: npm run seed -- [--skus N] [--reset]\n  --skus N   生成的 SKU 数量 (默认取 SEED_SKUS, 即 20000)\n  --reset    清空并重建数据库中的全部数据';

export function parseSeedArguments(args: readonly string[], defaultSkus: number): CliOptions {
  const options: CliOptions = { skus: defaultSkus, reset: false };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--reset') options.reset = true;
    else if (arg === '--skus' || arg.startsWith('--skus=')) {
      const value = arg.includes('=') ? arg.slice('--skus='.length) : args[++index];
      if (value === undefined || !/^\d+$/.test(value) || Number(value) > 5_000_000) throw new Error(`--skus 需要 0 到 5000000 之间的整数\n${usage}`);
      options.skus = Number(value);
    } else throw new Error(`无法识别的参数 ${arg}\n${usage}`);
  }
  return options;
}

async function main() {
  const config = loadConfig();
  const options = parseSeedArguments(process.argv.slice(2), config.seedSkus);
  const logger = pino({ level: 'warn' });
  const db = createDb(config.databaseUrl);
  try {
    const started = Date.now();
    if (options.reset) await dropAllTables(db);
    await migrateToLatest(db);
    if (!(await isStoreEmpty(db))) {
      console.error(`数据库 ${describe(config.databaseUrl)} 已有数据，未做任何修改。如需重建，请加 --reset。`);
      process.exitCode = 1;
      return;
    }
    await seedDemoData(db, { skus: options.skus, logger });
    const seededSeconds = ((Date.now() - started) / 1000).toFixed(1);
    const snapshots = config.indexSnapshotBase === null ? null : await writeIndexSnapshots(db, config.indexSnapshotBase);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const counts = await countSeededRows(db);
    console.log(`已写入 ${describe(config.databaseUrl)}，用时 ${seconds} 秒 (数据 ${seededSeconds} 秒)`);
    for (const [name, timing] of Object.entries(snapshots ?? {})) {
      console.log(
        `  ${name === 'search' ? '搜索索引快照' : '选型索引快照'} ${timing.path}: 建索引 ${(timing.buildMs / 1000).toFixed(1)} 秒，写文件 ${(timing.writeMs / 1000).toFixed(1)} 秒，${(timing.bytes / 1048576).toFixed(1)} MB`,
      );
    }
    for (const [table, count] of Object.entries(counts)) console.log(`  ${table.padEnd(20)} ${count.toLocaleString('en-US')}`);
    if (db.sqlite && config.databaseUrl !== ':memory:') {
      db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      console.log(`  数据库文件大小         ${(statSync(config.databaseUrl).size / 1024 / 1024).toFixed(1)} MB`);
    }
  } finally {
    await db.destroy();
  }
}

function describe(databaseUrl: string): string {
  return databaseUrl.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

if (process.argv[1]?.endsWith('seed.cli.ts')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
