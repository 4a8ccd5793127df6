export interface CheckResult {
  ok: boolean;
  detail?: string;
}

export type ReadinessCheck = () => Promise<CheckResult> | CheckResult;

export interface ReadinessReport {
  isReady: boolean;
  checks: Record<string, CheckResult>;
}

/** A check that has not answered in this time counts as failed: /readyz must answer while the database hangs. */
const checkTimeoutMs = 2000;

/**
 * What /readyz asks before a load balancer sends this process traffic: the database, the
 * migrations, the indexes, and whether the process is draining for shutdown. Features
 * register their own checks (the search index registers its build).
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private isDraining = false;

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** From SIGTERM on: not ready, so the proxy stops sending new requests while in-flight ones finish. */
  markDraining(): void {
    this.isDraining = true;
  }

  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all([...this.checks].map(async ([name, check]) => [name, await withTimeout(check)] as const));
    const checks: Record<string, CheckResult> = Object.fromEntries(entries);
    if (this.isDraining) checks.shutdown = { ok: false, detail: 'draining' };
    return { isReady: Object.values(checks).every((result) => result.ok), checks };
  }
}

async function withTimeout(check: ReadinessCheck): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer in ${String(checkTimeoutMs)} ms` }), checkTimeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), timeout]);
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
