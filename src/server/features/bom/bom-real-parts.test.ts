import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPriceLists } from '../../../../tests/fixtures/bom-real/real-parts/store.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { describeOutcome, judgeRealLines, outcomeOf, type JudgedRealLine } from './testing/real-parts-judge.ts';
import { labelledFiles, matchRealLines } from './testing/real-parts-lines.ts';
import { sharesOf, sharesReport, whereOf } from './testing/real-parts-report.ts';
import { loadRealPartsStore } from './testing/real-parts-store.ts';

/**
 * Issue 27, "tested against real parts": an empty store is given real makers' parts through the console (the
 * price lists of tests/fixtures/bom-real/real-parts imported by 价格导入, their parameters typed into the product
 * form), the hand-labelled lines of 65 real BOM exports are read by the sheet path and matched, and every line is
 * held to what it should be given (expected-outcomes.ts): its exact part, the right part by its parameters, or no
 * part with a reason; no chosen part may be of another kind, value or package than its label. A line the matcher
 * answers otherwise fails here and is fixed in the matcher, never skipped.
 */

const files = labelledFiles();
const t = useTestApp({ fixture: (app) => loadRealPartsStore(app.app, app.db.kysely) });
let judged: JudgedRealLine[] = [];

beforeAll(async () => {
  judged = judgeRealLines(await matchRealLines(t.db, files), t.fixture);
});

afterAll(() => {
  if (judged.length === 0) return;
  const catalogue = `${String(t.fixture.parts.size)} real parts of ${String(realPriceLists.length)} price lists`;
  process.stdout.write(`\nBOM against real parts (issue 27)\n${sharesReport(sharesOf(judged), catalogue)}\n`);
});

function judgedLine(file: string, lineNo: number): JudgedRealLine {
  const line = judged.find((candidate) => candidate.file === file && candidate.label.lineNo === lineNo);
  if (!line) throw new Error(`${file} line ${String(lineNo)} was not matched`);
  return line;
}

describe.each(files.map((labels) => [labels.file, labels] as const))('%s', (file, labels) => {
  it.each(labels.lines.map((label) => [label.lineNo, describeOutcome(outcomeOf(file, label.lineNo))] as const))('line %i: %s', (lineNo) => {
    const line = judgedLine(file, lineNo);
    const seen = { line: whereOf(line), answer: line.answer, isAsExpected: line.isAsExpected, falseRecommendation: line.falseRecommendation };
    expect(seen).toEqual({ ...seen, isAsExpected: true, falseRecommendation: null });
  });
});

it('chooses no part of another kind, value or package than the line’s label (0 false recommendations)', () => {
  const shares = sharesOf(judged);
  expect(shares.lineCount).toBe(files.reduce((count, labels) => count + labels.lines.length, 0));
  expect(shares.falseRecommendations.map((line) => `${whereOf(line)}: ${line.answer} — ${line.falseRecommendation ?? ''}`)).toEqual([]);
});

it('reads every labelled line through the sheet path as it is labelled', () => {
  expect(sharesOf(judged).misread.map((line) => `${whereOf(line)}: ${line.misread.join('; ')}`)).toEqual([]);
});
