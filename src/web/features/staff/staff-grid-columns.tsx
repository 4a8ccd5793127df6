import { staffRoleLabels, staffRoles, staffStatusLabel, type StaffIdentity, type StaffListRow, type StaffTotpSetup } from '../../../contract/staff.ts';
import { staffDeskCalls } from '../../../contract/staff-calls.ts';
import type { GridColumn, GridFilter } from './data-grid/grid-types.ts';
import { StaffCan } from './staff-can.tsx';
import { callStaffApi } from './staff-api.ts';
import { roleOf } from './staff-create-form.tsx';

/** What a row's buttons do: the page shows the notice, or the new TOTP setup, and the grid reloads. */
export interface StaffRowActions {
  me: StaffIdentity;
  act: (action: () => Promise<unknown>, done: string, reload: () => void) => void;
  showSetup: (login: string, totp: StaffTotpSetup) => void;
}

export const staffGridFilters: readonly GridFilter[] = [
  { kind: 'text', name: 'login', label: '登录名', maxLength: 32 },
  { kind: 'text', name: 'name', label: '显示名', maxLength: 32 },
  { kind: 'select', name: 'role', label: '角色', options: staffRoles.map((role) => ({ value: role, label: staffRoleLabels[role] })) },
  {
    kind: 'select',
    name: 'disabled',
    label: '状态',
    options: [
      { value: 'no', label: '启用中' },
      { value: 'yes', label: '已停用' },
    ],
  },
];

/** 员工管理's columns; the buttons show only to a role that may update staff. */
export function staffGridColumns({ me, act, showSetup }: StaffRowActions): GridColumn<StaffListRow>[] {
  return [
    { id: 'login', header: '登录名', isSortable: true, isAlwaysShown: true, cell: (row) => row.login },
    { id: 'displayName', header: '显示名', isSortable: true, cell: (row) => row.displayName },
    {
      id: 'role',
      header: '角色',
      isSortable: true,
      cell: (row, grid) => (
        <select
          aria-label={`${row.login}的角色`}
          value={row.role}
          disabled={row.id === me.id}
          onChange={(event) =>
            act(() => callStaffApi(staffDeskCalls.setRole, { staffId: row.id, role: roleOf(event.target.value) }), '角色已修改', grid.reload)
          }
        >
          {staffRoles.map((role) => (
            <option key={role} value={role}>
              {staffRoleLabels[role]}
            </option>
          ))}
        </select>
      ),
    },
    { id: 'status', header: '状态', isSortable: true, cell: (row) => staffStatusLabel(row) },
    { id: 'createdAt', header: '创建时间', isSortable: true, cell: (row) => row.createdAtStr },
    { id: 'updatedAt', header: '最后修改', isSortable: true, isHiddenAtFirst: true, cell: (row) => row.updatedAtStr },
    {
      id: 'actions',
      header: '操作',
      isAlwaysShown: true,
      cell: (row, grid) => (
        <StaffCan action="update" subject="Staff">
          <span className="admin-table__actions">
            {row.id !== me.id && (
              <button
                type="button"
                onClick={() =>
                  act(
                    () => callStaffApi(staffDeskCalls.setDisabled, { staffId: row.id, isDisabled: !row.isDisabled }),
                    row.isDisabled ? '账号已启用' : '账号已停用',
                    grid.reload,
                  )
                }
              >
                {row.isDisabled ? '启用' : '停用'}
              </button>
            )}
            {row.isLocked && (
              <button type="button" onClick={() => act(() => callStaffApi(staffDeskCalls.unlock, { staffId: row.id }), '账号已解锁', grid.reload)}>
                解锁
              </button>
            )}
            <button
              type="button"
              onClick={() =>
                act(async () => showSetup(row.login, await callStaffApi(staffDeskCalls.resetTotp, { staffId: row.id })), '动态码已重置', grid.reload)
              }
            >
              重置动态码
            </button>
          </span>
        </StaffCan>
      ),
    },
  ];
}
