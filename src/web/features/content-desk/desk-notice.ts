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

/** A stored picture path as the browser loads it: root paths and https addresses as they are, others under the image base. */
export function pictureUrl(imageBase: string, path: string): string {
  return path.startsWith('/') || path.startsWith('https://') ? path : `${imageBase}${path}`;
}
