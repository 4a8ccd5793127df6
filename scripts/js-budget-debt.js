/**
 * Writes js-budget-debt.json: each page over the 80 KiB budget with its current gzip weight in bytes
 * rounded up to the next 256 bytes (.size-limit.js caps it there; the rounding absorbs the few bytes
 * a chunk name's new hash moves the gzip size by). Run after a build that made pages smaller, never to make room:
 * `npm run build && node scripts/js-budget-debt.js`. A page that grew must be made smaller instead.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const budget = 80 * 1024;
const debtFile = resolve(import.meta.dirname, '..', 'js-budget-debt.json');
const previous = JSON.parse(readFileSync(debtFile, 'utf8'));
writeFileSync(debtFile, '{}\n');
let report;
try {
  report = execFileSync('npx', ['size-limit', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
} catch (failed) {
  report = failed.stdout;
}
const debt = {};
for (const page of JSON.parse(report)) {
  if (page.size <= budget) continue;
  const grew = previous[page.name] !== undefined && page.size > previous[page.name];
  if (grew) console.error(`${page.name}: ${page.size} B, more than its cap ${previous[page.name]} B — kept at the cap`);
  debt[page.name] = grew ? previous[page.name] : Math.ceil(page.size / 256) * 256;
}
writeFileSync(debtFile, `${JSON.stringify(debt, null, 2)}\n`);
console.log(`${Object.keys(debt).length} pages over 80 KiB written to js-budget-debt.json`);
