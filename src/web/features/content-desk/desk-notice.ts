import { useState } from 'react';
import { errorMessageOf } from '../../lib/api-client.ts';

/** A desk action's outcome for the status line: the server's message, or its refusal in Chinese. */
export function useDeskNotice() {
  const [notice, setNotice] = useState('');
  const [isBusy, setBusy] = useState(false);
  async function run(action: () => Promise<string>) {
    setBusy(true);
    setNotice('');
    try {
      setNotice(await action());
    } catch (failure) {
      setNotice(errorMessageOf(failure));
    } finally {
      setBusy(false);
    }
  }
  return { notice, isBusy, run };
}

/** Beijing wall time of a datetime-local input ↔ epoch ms (the store's staff work in Beijing time). */
export function beijingInputOf(epochMs: number | null): string {
  if (epochMs === null) return '';
  return new Date(epochMs + 8 * 3_600_000).toISOString().slice(0, 16);
}

export function epochOfBeijingInput(value: string): number | null {
  if (value === '') return null;
  const ms = Date.parse(`${value}:00+08:00`);
  return Number.isNaN(ms) ? null : ms;
}

export function beijingTimeText(epochMs: number | null): string {
  return epochMs === null ? '' : beijingInputOf(epochMs).replace('T', ' ');
}

/** A stored picture path as the browser loads it: root paths and https addresses as they are, others under the image base. */
export function pictureUrl(imageBase: string, path: string): string {
  return path.startsWith('/') || path.startsWith('https://') ? path : `${imageBase}${path}`;
}
