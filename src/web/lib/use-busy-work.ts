import { useState } from 'react';
import { toastIfMessage } from '../ui/toast.ts';
import { errorMessageOf } from './api-client.ts';

/** One piece of a page's work at a time: `run` ignores another while one is under way, and says in a toast what failed. */
export function useBusyWork() {
  const [isBusy, setIsBusy] = useState(false);

  async function run(work: () => Promise<void>): Promise<void> {
    if (isBusy) return;
    setIsBusy(true);
    try {
      await work();
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsBusy(false);
    }
  }

  return { isBusy, run };
}
