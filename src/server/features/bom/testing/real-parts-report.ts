import { describeOutcome, type JudgedRealLine } from './real-parts-judge.ts';

/** The shares of issue 27's "tested against real parts", as the test prints them and bench/results/bom-real-parts.md keeps them. */

type OutcomeGroup = 'exact' | 'recommended' | 'unmatched' | 'notFitted';

const groupNames: Record<OutcomeGroup, string> = {
  exact: '精确匹配: the part number, found (an out-of-stock one stays itself, short)',
  recommended: '推荐: the right part by its parameters, packaging or ordering suffix',
  unmatched: 'no part given (未匹配 or 多个候选), with a reason',
  notFitted: '不贴',
};

export interface RealPartsShares {
  lineCount: number;
  fileCount: number;
  expected: Record<OutcomeGroup, number>;
  asExpected: Record<OutcomeGroup, number>;
  falseRecommendations: JudgedRealLine[];
  notAsExpected: JudgedRealLine[];
  misread: JudgedRealLine[];
}

function groupOf(line: JudgedRealLine): OutcomeGroup {
  const { outcome } = line.expected;
  return outcome === 'outOfStock' ? 'exact' : outcome;
}

export function sharesOf(lines: readonly JudgedRealLine[]): RealPartsShares {
  const zero = (): Record<OutcomeGroup, number> => ({ exact: 0, recommended: 0, unmatched: 0, notFitted: 0 });
  const expected = zero();
  const asExpected = zero();
  for (const line of lines) {
    expected[groupOf(line)]++;
    if (line.isAsExpected) asExpected[groupOf(line)]++;
  }
  return {
    lineCount: lines.length,
    fileCount: new Set(lines.map((line) => line.file)).size,
    expected,
    asExpected,
    falseRecommendations: lines.filter((line) => line.falseRecommendation !== null),
    notAsExpected: lines.filter((line) => !line.isAsExpected),
    misread: lines.filter((line) => line.misread.length > 0),
  };
}

const percent = (count: number, total: number) => `${total === 0 ? '0.0' : ((100 * count) / total).toFixed(1)} %`;

export function whereOf(line: JudgedRealLine): string {
  const cells = ['mpn', 'value', 'description', 'package'] as const;
  const said = cells.flatMap((key) => (line.label[key] ? [`${key} ${JSON.stringify(line.label[key])}`] : [])).join(', ');
  return `${line.file} line ${String(line.label.lineNo)} (${said || 'no cells'})`;
}

/** The figures as a Markdown table and lists; `catalogue` says what the lines were matched against. */
export function sharesReport(shares: RealPartsShares, catalogue: string): string {
  const groups: OutcomeGroup[] = ['exact', 'recommended', 'unmatched', 'notFitted'];
  const rows = groups.map(
    (group) =>
      `| ${groupNames[group]} | ${String(shares.expected[group])} | ${String(shares.asExpected[group])} (${percent(shares.asExpected[group], shares.expected[group])}) | ${percent(shares.asExpected[group], shares.lineCount)} |`,
  );
  const listed = (lines: readonly JudgedRealLine[], say: (line: JudgedRealLine) => string) =>
    lines.length === 0 ? '- none' : lines.map((line) => `- ${whereOf(line)}: ${say(line)}`).join('\n');
  return `${String(shares.lineCount)} hand-labelled lines of ${String(shares.fileCount)} real BOM files, matched against ${catalogue}.

| Expected for the line | Lines | As expected | Share of all lines |
|---|---|---|---|
${rows.join('\n')}

**False recommendations (a chosen part of another kind, value or package than the label's): ${String(shares.falseRecommendations.length)}.**
${listed(shares.falseRecommendations, (line) => `${line.answer} — ${line.falseRecommendation ?? ''}`)}

Lines not answered as expected: ${String(shares.notAsExpected.length)}.
${listed(shares.notAsExpected, (line) => `expected ${describeOutcome(line.expected)}; got ${line.answer}`)}

Lines the sheet path read otherwise than labelled: ${String(shares.misread.length)}.
${listed(shares.misread, (line) => line.misread.join('; '))}
`;
}
