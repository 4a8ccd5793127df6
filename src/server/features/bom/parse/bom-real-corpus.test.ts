import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultBomQuantityOptions, type BomLineInput } from '../../../../contract/bom.ts';
import type { ExpectedLine } from '../../../../../tests/fixtures/bom/expectation.ts';
import { parserFieldsOf, type RealFileLabels } from '../../../../../tests/fixtures/bom-real/labels.ts';
import { bomLinesOf } from './bom-lines.ts';
import { readBomFile } from './read-bom-file.ts';

/**
 * Real BOM exports from public hardware repositories (issue 27), read against hand labels. The files are other
 * people's and are not committed: BOM_REAL_CORPUS_DIR names their directory (and must exist when set), else
 * /work/bom-real/files or ../shared/bom-real beside the repository is used when present.
 */
const repositoryRoot = join(import.meta.dirname, '../../../../..');
const labelDirectory = join(repositoryRoot, 'tests/fixtures/bom-real');
const notCommitted = 'the real files are not committed: see tests/fixtures/bom-real/sources.json and scripts/gather-bom-corpus.ts';

const configuredDirectory = process.env.BOM_REAL_CORPUS_DIR;
const corpusDirectory = configuredDirectory ?? ['/work/bom-real/files', join(repositoryRoot, '../shared/bom-real')].find((directory) => existsSync(directory));

const labelled = readdirSync(labelDirectory)
  .filter((file) => file.endsWith('.expected.json'))
  .map((file) => JSON.parse(readFileSync(join(labelDirectory, file), 'utf8')) as RealFileLabels);

function lineFacts(line: BomLineInput, expected: ExpectedLine): Partial<ExpectedLine> {
  const facts: Partial<ExpectedLine> = { lineNo: line.lineNo };
  for (const key of ['mpn', 'storeCode', 'value', 'description', 'package', 'brand'] as const) if (expected[key] !== undefined) facts[key] = line.query[key];
  if (expected.designators) facts.designators = line.designators;
  if (expected.quantityPerBoard !== undefined) facts.quantityPerBoard = line.quantityPerBoard;
  if (expected.isNotFitted !== undefined) facts.isNotFitted = line.isNotFitted;
  return facts;
}

function readAsLabelled(directory: string, labels: RealFileLabels): void {
  const sheet = readBomFile(labels.file, new Uint8Array(readFileSync(join(directory, labels.file))));
  expect({ headerRowIndex: sheet.headerRowIndex, mapping: sheet.mapping }).toEqual({ headerRowIndex: labels.headerRowIndex, mapping: labels.mapping });
  if (labels.sheetName !== undefined) expect(sheet.sheetName).toBe(labels.sheetName);
  const lines = bomLinesOf(sheet, defaultBomQuantityOptions);
  expect(lines).toHaveLength(labels.lineCount);
  expect(lines.filter((line) => line.isNotFitted).map((line) => line.lineNo)).toEqual(labels.notFittedLines);
  for (const labelledLine of labels.lines) {
    const expected = parserFieldsOf(labelledLine);
    const line = lines.find((candidate) => candidate.lineNo === expected.lineNo);
    expect(line, `line ${expected.lineNo}`).toBeDefined();
    if (line) expect(lineFacts(line, expected), `line ${expected.lineNo}`).toEqual(expected);
  }
  // Rows that are not parts are listed to the buyer as skipped, by their row number in the file.
  for (const row of labels.skippedRows ?? []) expect(sheet.warnings.join('\n')).toMatch(new RegExp(`(?<!\\d)${row + 1}(?!\\d)`));
}

if (configuredDirectory !== undefined && !existsSync(configuredDirectory)) {
  describe('the real-BOM corpus', () => {
    it(`finds BOM_REAL_CORPUS_DIR (${configuredDirectory})`, () => {
      expect(existsSync(configuredDirectory), `${configuredDirectory} does not exist; ${notCommitted}`).toBe(true);
    });
  });
} else if (corpusDirectory === undefined) {
  describe.skip(`the real-BOM corpus (skipped: ${notCommitted})`, () => {
    it('reads every labelled real file', () => undefined);
  });
} else {
  const directory = corpusDirectory;
  describe(`the real-BOM corpus (${directory})`, () => {
    const readRight: string[] = [];
    afterAll(() => console.info(`real BOM files read fully right: ${readRight.length} of ${labelled.length}`));

    it('holds at least 60 labelled files, each present in the corpus directory', () => {
      expect(labelled.length).toBeGreaterThanOrEqual(60);
      expect(labelled.filter((labels) => !existsSync(join(directory, labels.file))).map((labels) => labels.file)).toEqual([]);
    });

    it.each(labelled.map((labels) => [labels.file, labels] as const))('%s', (_file, labels) => {
      readAsLabelled(directory, labels);
      readRight.push(labels.file);
    });
  });
}
