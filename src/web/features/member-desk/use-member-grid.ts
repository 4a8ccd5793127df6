import { useCallback, useState, type SubmitEvent } from 'react';
import { memberDeskCalls } from '../../../contract/console/member-desk-calls.ts';
import type { MemberDeskPageData, MemberDeskRow, SalesRepRow } from '../../../contract/member-desk.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { bulkNotice } from '../staff/data-grid/bulk-notice.ts';
import type { GridBulkAction, GridControls } from '../staff/data-grid/grid-types.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { fieldOf } from './grid-pager.tsx';

function messageOf(failure: unknown): string {
  return failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试';
}

const updateMember = { action: 'update', subject: 'Member' } as const;

/** 专属销售: the reps, the one chosen for 分配, and the form that makes a staff member a rep. */
function useReps(initial: SalesRepRow[], setNotice: (notice: string) => void) {
  const [reps, setReps] = useState<SalesRepRow[]>(initial);
  const [chosenRep, setChosenRep] = useState('');
  const reload = async () => setReps((await callStaffApi(memberDeskCalls.reps, {})).reps);

  async function saveRep(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setNotice('');
    try {
      await callStaffApi(memberDeskCalls.saveRep, {
        staffId: Number(fieldOf(form, 'staffId')),
        operatorName: fieldOf(form, 'operatorName'),
        operatorMobile: fieldOf(form, 'operatorMobile'),
        operatorQq: fieldOf(form, 'operatorQq'),
        operatorWechat: fieldOf(form, 'operatorWechat'),
      });
      await reload();
      setNotice('专属销售资料已保存');
    } catch (failure) {
      setNotice(messageOf(failure));
    }
  }

  const assignAction: GridBulkAction<MemberDeskRow> = {
    label: '分配给所选专属销售',
    permission: updateMember,
    async run(rows) {
      const repId = chosenRep === '' ? null : Number(chosenRep);
      const result = await callStaffApi(memberDeskCalls.assignRep, { userIds: rows.map((row) => row.userId), repId });
      await reload();
      return repId === null ? `已取消 ${String(result.count)} 位会员的专属销售` : `已为 ${String(result.count)} 位会员分配专属销售`;
    },
  };

  return { reps, chosenRep, setChosenRep, saveRep, assignAction };
}

/** 会员管理: the status line, 停用/启用 of a row, the bulk actions with their reason, and the reps. */
export function useMemberGrid(data: MemberDeskPageData) {
  const [notice, setNotice] = useState('');
  const [reason, setReason] = useState('');
  const canUpdate = abilityFor(data.staff.role).can('update', 'Member');
  const reps = useReps(data.reps, setNotice);

  // Stable, so the page's columns are made once.
  const toggleDisabled = useCallback(async (row: MemberDeskRow, grid: GridControls) => {
    try {
      await callStaffApi(memberDeskCalls.setDisabled, { userId: row.userId, isDisabled: !row.isDisabled });
      setNotice(row.isDisabled ? `已启用会员 ${row.userNumber}` : `已停用会员 ${row.userNumber}，其登录状态已全部退出`);
      grid.reload();
    } catch (failure) {
      setNotice(messageOf(failure));
    }
  }, []);

  function bulkSetDisabled(isDisabled: boolean): GridBulkAction<MemberDeskRow> {
    const verb = isDisabled ? '停用' : '启用';
    return {
      label: `批量${verb}`,
      permission: updateMember,
      async run(rows) {
        if (reason.trim() === '') return `请先填写${verb}原因`;
        const result = await callStaffApi(memberDeskCalls.bulkSetDisabled, { userIds: rows.map((row) => row.userId), isDisabled, reason });
        return bulkNotice(
          `已${verb} ${String(result.done)} 位会员`,
          result,
          rows,
          (row) => row.userId,
          (row) => row.userNumber,
        );
      },
    };
  }

  const bulkActions = [bulkSetDisabled(true), bulkSetDisabled(false), reps.assignAction];
  return { notice, reason, setReason, canUpdate, toggleDisabled, bulkActions, ...reps };
}

export type MemberGrid = ReturnType<typeof useMemberGrid>;
