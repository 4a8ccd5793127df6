import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBomQuantityOptions, type BomLineInput } from '../../../../contract/bom.ts';
import type { ExpectedLine, FixtureExpectation } from '../../../../../tests/fixtures/bom/expectation.ts';
import { bomLinesOf } from './bom-lines.ts';
import { readBomFile } from './read-bom-file.ts';

const corpusDirectory = join(import.meta.dirname, '../../../../../tests/fixtures/bom');

const expectations = readdirSync(corpusDirectory)
  .filter((file) => file.endsWith('.expected.json'))
  .map((file) => JSON.parse(readFileSync(join(corpusDirectory, file), 'utf8')) as FixtureExpectation);

function lineFacts(line: BomLineInput, expected: ExpectedLine): Partial<ExpectedLine> {
  const facts: Partial<ExpectedLine> = { lineNo: line.lineNo };
  for (const key of ['mpn', 'storeCode', 'value', 'description', 'package', 'brand'] as const) if (expected[key] !== undefined) facts[key] = line.query[key];
  if (expected.designators) facts.designators = line.designators;
  if (expected.quantityPerBoard !== undefined) facts.quantityPerBoard = line.quantityPerBoard;
  if (expected.requiredQuantity !== undefined) facts.requiredQuantity = line.requiredQuantity;
  if (expected.isNotFitted !== undefined) facts.isNotFitted = line.isNotFitted;
  if (expected.sourceRows) facts.sourceRows = line.sourceRows;
  if (expected.notes) facts.notes = expected.notes.filter((note) => line.notes.includes(note));
  return facts;
}

describe('the BOM corpus (tests/fixtures/bom)', () => {
  it('holds at least 25 files with expectations', () => {
    expect(expectations.length).toBeGreaterThanOrEqual(25);
  });

  it.each(expectations.map((expected) => [expected.file, expected] as const))('%s', (file, expected) => {
    const sheet = readBomFile(file, new Uint8Array(readFileSync(join(corpusDirectory, file))));
    expect({ headerRowIndex: sheet.headerRowIndex, mapping: sheet.mapping }).toEqual({ headerRowIndex: expected.headerRowIndex, mapping: expected.mapping });
    if (expected.sheetName !== undefined) expect(sheet.sheetName).toBe(expected.sheetName);
    if (expected.headers) expect(sheet.headers).toEqual(expected.headers);
    expect(sheet.warnings).toHaveLength(expected.warningCount ?? 0);
    expect(sheet.rows.every((row) => row.length === sheet.headers.length)).toBe(true);
    const lines = bomLinesOf(sheet, expected.options ?? defaultBomQuantityOptions);
    expect(lines).toHaveLength(expected.lineCount);
    expect(sheet.partLineCount).toBe(expected.options?.mergeDuplicates ? sheet.partLineCount : expected.lineCount);
    for (const expectedLine of expected.lines) {
      const line = lines.find((candidate) => candidate.lineNo === expectedLine.lineNo);
      expect(line, `line ${expectedLine.lineNo}`).toBeDefined();
      if (line) expect(lineFacts(line, expectedLine)).toEqual(expectedLine);
    }
  });
});
