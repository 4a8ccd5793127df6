import { useState, type SubmitEvent } from 'react';
import { staffAuthCalls } from '../../../contract/staff-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from './staff-api.ts';

/** The console's login: name, password and the authenticator's code; on success the browser goes where it was sent from. */
export function useStaffLogin(returnPath: string) {
  const [error, setError] = useState('');
  const [isSending, setSending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    setSending(true);
    setError('');
    try {
      const answer = await callStaffApi(staffAuthCalls.login, { login: text('login'), password: text('password'), code: text('code'), returnPath });
      window.location.href = answer.returnPath;
    } catch (failure) {
      setError(failure instanceof ApiError && failure.msg ? failure.msg : '登录失败，请稍后重试');
      setSending(false);
    }
  }

  return { error, isSending, submit };
}
