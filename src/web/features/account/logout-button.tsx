import { useState } from 'react';
import { accountCalls } from '../../../contract/account-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

/** Logs out through /account/api/logout, then goes home (spec §7). */
export function LogoutButton() {
  const [isBusy, setIsBusy] = useState(false);

  async function logOut() {
    if (isBusy) return;
    setIsBusy(true);
    try {
      await callApi(accountCalls.logout, {});
      window.location.assign('/');
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      setIsBusy(false);
    }
  }

  return (
    <button type="button" className="link-button" data-testid="logout" onClick={() => void logOut()} disabled={isBusy}>
      退出
    </button>
  );
}
