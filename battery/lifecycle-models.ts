/**
 * The lifecycle model tests (src/server/features/*\/*.model.test.ts, docs/decisions/0018-lifecycles.md)
 * with many more generated sequences than CI's run: `--engine sqlite` or `--engine postgres`
 * (TEST_DATABASE_URL from BATTERY_POSTGRES_URL). Each model reads its run count from its variable.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'sqlite' }, 'database-url': { type: 'string', default: '' } } });
const runs = { ORDER_MODEL_RUNS: '600', QUOTATION_MODEL_RUNS: '150', COMPLAINT_MODEL_RUNS: '120', PRICE_IMPORT_MODEL_RUNS: '150' };
const engine = values.engine === 'postgres' ? 'postgres' : 'sqlite';
const env = { ...process.env, ...runs, ...(engine === 'postgres' ? { TEST_DATABASE_URL: values['database-url'] } : { TEST_DATABASE_URL: '' }) };
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    engine,
    'src/server/features/order/order.model.test.ts',
    'src/server/features/quotation/quotation.model.test.ts',
    'src/server/features/complaint/complaint.model.test.ts',
    'src/server/features/price-import/price-import.model.test.ts',
  ],
  {
    env,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
