import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules issue 15 holds every page to. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const blockingImpacts = new Set(['serious', 'critical']);
const nodesShown = 3;

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** One line a rule, then the first few elements it found (their selectors and what axe asks for). */
export function describeViolations(label: string, violations: readonly Violation[]): string {
  const lines = violations.flatMap((violation) => [
    `[${violation.impact ?? '?'}] ${violation.id} (${String(violation.nodes.length)} elements): ${violation.help}`,
    ...violation.nodes.slice(0, nodesShown).map((node) => {
      const hint = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
      return `    ${node.target.map(String).join(' >> ')}${hint ? `  — ${hint}` : ''}`;
    }),
    ...(violation.nodes.length > nodesShown ? [`    … and ${String(violation.nodes.length - nodesShown)} more`] : []),
  ]);
  return `axe on ${label}: ${String(violations.length)} serious or critical rule(s)\n${lines.join('\n')}`;
}

/**
 * Runs axe-core on the page as it stands (what is open stays open) and records, without stopping the
 * test, every serious or critical WCAG 2.2 AA violation: one test checks several pages and reports all.
 */
export async function checkAccessibility(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(wcagTags)
    // axe ships this WCAG 2.5.3 rule as experimental (off by default); the issue names it.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const blocking = results.violations.filter((violation) => blockingImpacts.has(violation.impact ?? ''));
  expect.soft(blocking.length === 0 ? '' : describeViolations(label, blocking), `axe: ${label}`).toBe('');
}
