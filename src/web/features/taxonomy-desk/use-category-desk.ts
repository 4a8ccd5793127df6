import { useState } from 'react';
import type { CategoryDeskState } from '../../../contract/console/taxonomy.ts';
import { categoryDeskCalls } from '../../../contract/console/categories-calls.ts';
import type { CallBody } from '../../../contract/call.ts';
import type { AnyStaffCall } from '../../../contract/staff-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import { callStaffApi } from '../staff/staff-api.ts';

export type RunCategoryCall = <C extends AnyStaffCall>(call: C, body: CallBody<C>, done: string) => Promise<boolean>;

/** 分类管理's state: every change is a call, then the tree is read again (other staff may have changed it too). */
export function useCategoryDesk(initial: CategoryDeskState) {
  const [desk, setDesk] = useState(initial);
  const [notice, setNotice] = useState('');
  const [isBusy, setBusy] = useState(false);

  const run: RunCategoryCall = async (call, body, done) => {
    setBusy(true);
    setNotice('');
    try {
      await callStaffApi(call, body);
      setDesk(await callStaffApi(categoryDeskCalls.tree, {}));
      setNotice(done);
      return true;
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试');
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { desk, notice, isBusy, run };
}
