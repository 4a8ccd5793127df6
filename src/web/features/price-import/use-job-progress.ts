import { useEffect, useState } from 'react';
import { priceImportDeskCalls } from '../../../contract/console/price-import-calls.ts';
import { priceImportJobLifecycle } from '../../../contract/price-import-lifecycle.ts';
import { priceImportPollMs, type PriceImportJobRow } from '../../../contract/price-import.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/** Not settled: a worker will take it up (the statuses the lifecycle's requeue leaves), so the page polls it. */
export function isJobActive(job: PriceImportJobRow): boolean {
  return priceImportJobLifecycle.events.requeue.from.includes(job.status);
}

/**
 * The jobs the page watches, each polled from the job table until it settles: after a reload the page starts
 * from the server's list, so a running job's bar goes on from where the table says it is.
 */
export function useJobProgress(initial: readonly PriceImportJobRow[], onSettled: () => void) {
  const [jobs, setJobs] = useState<PriceImportJobRow[]>(() => initial.filter(isJobActive));
  const active = jobs.filter(isJobActive).map((job) => job.id);
  const activeKey = active.join(',');
  useEffect(() => {
    if (activeKey === '') return;
    const timer = setInterval(() => {
      void Promise.all(activeKey.split(',').map((id) => callStaffApi(priceImportDeskCalls.job, { jobId: Number(id) }).catch(() => null))).then((answers) => {
        const fresh = answers.filter((job): job is PriceImportJobRow => job !== null);
        setJobs((current) => current.map((job) => fresh.find((next) => next.id === job.id) ?? job));
        if (fresh.some((job) => !isJobActive(job))) onSettled();
      });
    }, priceImportPollMs);
    return () => clearInterval(timer);
  }, [activeKey, onSettled]);

  function watch(job: PriceImportJobRow) {
    setJobs((current) => [job, ...current.filter((other) => other.id !== job.id)]);
  }
  return { jobs, watch };
}
