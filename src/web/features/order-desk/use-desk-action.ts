import { useState } from 'react';
import type { CallBody, CallResponse } from '../../../contract/call.ts';
import { ResultCode } from '../../../contract/envelope.ts';
import type { AnyStaffCall } from '../../../contract/staff-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/**
 * A desk screen's actions: each sends one console call, shows the server's Chinese message (or the
 * refusal's), and replaces the shown record with the answer, so the page never shows a stale state.
 * A refusal because the record changed meanwhile (code 409) reads it again with `reload`, so the
 * buttons shown are those its state allows now.
 */
export function useDeskAction<Shown>(initial: Shown, doneMessages: Readonly<Partial<Record<string, string>>>, reload?: () => Promise<Shown>) {
  const [record, setRecord] = useState(initial);
  const [notice, setNotice] = useState<{ text: string; isError: boolean } | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function run<C extends AnyStaffCall>(call: C, body: CallBody<C>): Promise<boolean> {
    setBusy(true);
    setNotice(null);
    try {
      const answer = (await callStaffApi(call, body)) as CallResponse<C> & Shown;
      setRecord(answer);
      setNotice({ text: doneMessages[call.path] ?? '操作成功', isError: false });
      return true;
    } catch (error) {
      setNotice({ text: error instanceof ApiError && error.msg ? error.msg : '操作失败，请稍后重试', isError: true });
      if (reload && error instanceof ApiError && error.code === ResultCode.conflict) setRecord(await reload().catch(() => record));
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { record, notice, isBusy, run };
}
