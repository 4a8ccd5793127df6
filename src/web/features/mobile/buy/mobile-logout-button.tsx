import { useState } from 'react';
import { accountCalls } from '../../../../contract/account-calls.ts';
import { callApi, errorMessageOf } from '../../../lib/api-client.ts';
import { toastIfMessage } from '../../../ui/toast.ts';

/** Logs out through /account/api/logout, then goes to the mobile home page. */
export function MobileLogoutButton({ homePath }: { homePath: string }) {
  const [isBusy, setIsBusy] = useState(false);

  async function logOut() {
    if (isBusy) return;
    setIsBusy(true);
    try {
      await callApi(accountCalls.logout, {});
      window.location.assign(homePath);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      setIsBusy(false);
    }
  }

  return (
    <button type="button" className="mb-button mb-button--block" data-testid="m-logout" onClick={() => void logOut()} disabled={isBusy}>
      {isBusy ? '正在退出…' : '退出登录'}
    </button>
  );
}
