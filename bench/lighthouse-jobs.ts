/** What bench/lighthouse.bench.ts (Node 20) and bench/lighthouse-audit.ts (Node 22) pass each other. */
export type Preset = 'mobile' | 'desktop';

export interface AuditJob {
  key: string;
  url: string;
  preset: Preset;
  /** Request headers of every request (the member's cookie for the cart). */
  headers?: Record<string, string>;
}

export interface AuditInput {
  jobs: AuditJob[];
  runs: number;
  chromePath: string;
}

export interface FailingAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
}

export interface AuditRun {
  key: string;
  run: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  metrics: Record<string, number>;
  /** Performance audits under 0.9 (metrics, opportunities, diagnostics), worst first. */
  performanceFailures: FailingAudit[];
  /** Weighted accessibility audits that failed. */
  accessibilityFailures: FailingAudit[];
  /** Best-practices and SEO audits that failed (weighted, score under 1). */
  otherFailures: FailingAudit[];
  lighthouseVersion: string;
}

export const metricIds = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'] as const;
