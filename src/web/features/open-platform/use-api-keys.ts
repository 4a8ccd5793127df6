import { useState } from 'react';
import { apiKeyLimits, apiKeyMessages, type ApiKeyCreated, type ApiKeyListData } from '../../../contract/open-api.ts';
import { apiKeyCalls } from '../../../contract/open-api-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { useBusyWork } from '../../lib/use-busy-work.ts';

/** The /user/api-keys page's state: the list, the key just created (shown once, live or sandbox), create and revoke. */
export function useApiKeys(initial: ApiKeyListData) {
  const [data, setData] = useState(initial);
  const [name, setName] = useState('');
  const [isSandbox, setIsSandbox] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const { isBusy, run } = useBusyWork();

  function nameProblem(): string {
    const trimmed = name.trim();
    if (!trimmed) return apiKeyMessages.nameRequired;
    return trimmed.length > apiKeyLimits.nameMax ? apiKeyMessages.nameTooLong : '';
  }

  const create = () =>
    run(async () => {
      const problem = nameProblem();
      if (problem) {
        showToast(problem);
        return;
      }
      const answer = await callApi(apiKeyCalls.create, { name: name.trim(), isSandbox });
      setCreated(answer);
      setName('');
      setData(await callApi(apiKeyCalls.list, {}));
    });

  const revoke = (keyId: number) =>
    run(async () => {
      setData(await callApi(apiKeyCalls.revoke, { keyId }));
      showToast(apiKeyMessages.revoked);
    });

  const refresh = () =>
    run(async () => {
      setData(await callApi(apiKeyCalls.list, {}));
    });

  const isFull = (isSandbox ? data.sandboxActiveCount : data.activeCount) >= apiKeyLimits.activePerMember;

  return { data, name, setName, isSandbox, setIsSandbox, isFull, created, dismissCreated: () => setCreated(null), isBusy, create, revoke, refresh };
}
