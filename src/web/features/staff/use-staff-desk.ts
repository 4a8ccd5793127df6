import { useCallback, useMemo, useRef, useState } from 'react';
import type { StaffIdentity, StaffListRow, StaffTotpSetup } from '../../../contract/staff.ts';
import { staffDeskCalls } from '../../../contract/staff-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { GridBulkAction, GridControls } from './data-grid/grid-types.ts';
import { callStaffApi } from './staff-api.ts';
import type { NewStaffFields } from './staff-create-form.tsx';

const updateStaff = { action: 'update', subject: 'Staff' } as const;

/** Disables or enables the chosen accounts one by one (each change audited), leaving out the signed-in one. */
function bulkSetDisabled(meId: number, isDisabled: boolean): GridBulkAction<StaffListRow> {
  return {
    label: isDisabled ? '批量停用' : '批量启用',
    permission: updateStaff,
    async run(rows) {
      const targets = rows.filter((row) => row.id !== meId && row.isDisabled !== isDisabled);
      for (const row of targets) await callStaffApi(staffDeskCalls.setDisabled, { staffId: row.id, isDisabled });
      return `已${isDisabled ? '停用' : '启用'} ${targets.length} 个账号`;
    },
  };
}

/** 员工管理: the status line, a row action's outcome, a new account with its one-time TOTP secret, and the bulk actions. */
export function useStaffDesk(me: StaffIdentity) {
  const [notice, setNotice] = useState('');
  const [setup, setSetup] = useState<{ login: string; totp: StaffTotpSetup } | null>(null);
  const grid = useRef<GridControls>(null);

  // Stable (it only sets state), so the page's columns are made once.
  const act = useCallback(async (action: () => Promise<unknown>, done: string, reload: () => void) => {
    setNotice('');
    try {
      await action();
      setNotice(done);
      reload();
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试');
    }
  }, []);

  function create(fields: NewStaffFields) {
    void act(
      async () => {
        const created = await callStaffApi(staffDeskCalls.create, fields);
        setSetup({ login: created.staff.login, totp: created.totp });
      },
      '员工账号已创建',
      () => grid.current?.reload(),
    );
  }

  const bulkActions = useMemo(() => [bulkSetDisabled(me.id, true), bulkSetDisabled(me.id, false)], [me.id]);
  const showSetup = useCallback((login: string, totp: StaffTotpSetup) => setSetup({ login, totp }), []);
  return { notice, setup, grid, act, create, showSetup, bulkActions };
}
