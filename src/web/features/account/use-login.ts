import { useRef, useState } from 'react';
import { accountCalls } from '../../../contract/account-calls.ts';
import type { CallBody } from '../../../contract/call.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';

export type LoginBody = CallBody<typeof accountCalls.doLogin>;

/** Shown when a login fails without a word from the server (the network, a timeout). */
const loginFailedMessage = '登录失败，请稍后再试';

/**
 * The submit flow of the login forms (password and SMS code): one login at a time; the form's
 * first problem, or the server's msg, shown in the form; the return path on success (the form
 * stays busy until the page has gone).
 */
export function useLogin(returnPath: string) {
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  // A ref, not state: a double submit lands before React re-renders the disabled button.
  const isRunning = useRef(false);

  /** `problem`: what the form's rules found wrong ('' when nothing); then nothing is sent. */
  async function logIn(problem: string, body: LoginBody): Promise<void> {
    if (isRunning.current) return;
    setError(problem);
    if (problem) return;
    isRunning.current = true;
    setIsBusy(true);
    try {
      await callApi(accountCalls.doLogin, body);
      window.location.assign(returnPath);
    } catch (failure) {
      setError(errorMessageOf(failure) || loginFailedMessage);
      isRunning.current = false;
      setIsBusy(false);
    }
  }

  return { error, isBusy, logIn };
}
