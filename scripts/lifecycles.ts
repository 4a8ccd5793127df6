// Writes the lifecycles' diagrams and tables into docs/decisions/0018-lifecycles.md (npm run lifecycles).
import { readFileSync, writeFileSync } from 'node:fs';
import { withGeneratedSections } from '../src/contract/lifecycle-record.ts';

const path = new URL('../docs/decisions/0018-lifecycles.md', import.meta.url);
writeFileSync(path, withGeneratedSections(readFileSync(path, 'utf8')));
console.log('docs/decisions/0018-lifecycles.md written');
