import { useMemo, useState, type SubmitEvent } from 'react';
import { memberDeskCalls } from '../../../contract/console/member-desk-calls.ts';
import { memberLevels } from '../../../contract/member.ts';
import { memberExportPath, type MemberDeskPageData, type MemberDeskRow, type SalesRepRow } from '../../../contract/member-desk.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { abilityFor } from '../../../contract/staff-permissions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { callStaffApi } from '../../features/staff/staff-api.ts';
import { fieldOf } from '../../features/member-desk/grid-pager.tsx';
import { bulkNotice } from '../../features/staff/data-grid/bulk-notice.ts';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridBulkAction, GridColumn, GridControls, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import type { PageProps } from '../../pages/page-props.ts';

function messageOf(failure: unknown): string {
  return failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试';
}

const memberFilters: readonly GridFilter[] = [
  { kind: 'text', name: 'phone', label: '手机号', maxLength: 11 },
  { kind: 'text', name: 'userNumber', label: '会员编号', maxLength: 20 },
  { kind: 'text', name: 'nickName', label: '昵称', maxLength: 20 },
  {
    kind: 'select',
    name: 'level',
    label: '会员等级',
    options: memberLevels.map((level) => ({ value: level.name, label: level.name })),
  },
  {
    kind: 'select',
    name: 'disabled',
    label: '状态',
    options: [
      { value: 'no', label: '正常' },
      { value: 'yes', label: '已停用' },
    ],
  },
  { kind: 'date', name: 'registeredFrom', label: '注册开始日期' },
  { kind: 'date', name: 'registeredTo', label: '注册结束日期' },
];

function memberColumns(canUpdate: boolean, onNotice: (notice: string) => void): GridColumn<MemberDeskRow>[] {
  async function toggle(row: MemberDeskRow, grid: GridControls) {
    try {
      await callStaffApi(memberDeskCalls.setDisabled, { userId: row.userId, isDisabled: !row.isDisabled });
      onNotice(row.isDisabled ? `已启用会员 ${row.userNumber}` : `已停用会员 ${row.userNumber}，其登录状态已全部退出`);
      grid.reload();
    } catch (failure) {
      onNotice(messageOf(failure));
    }
  }
  const columns: GridColumn<MemberDeskRow>[] = [
    { id: 'userNumber', header: '会员编号', isAlwaysShown: true, cell: (row) => <a href={`/admin/members/${String(row.userId)}`}>{row.userNumber}</a> },
    { id: 'nickName', header: '昵称', cell: (row) => row.nickName },
    { id: 'phone', header: '手机号', cell: (row) => row.phone },
    { id: 'level', header: '等级', cell: (row) => row.levelName },
    { id: 'paidTotal', header: '累计消费', isSortable: true, cell: (row) => formatCents(row.paidCents) },
    { id: 'orderCount', header: '成交订单数', cell: (row) => row.orderCount },
    { id: 'rep', header: '专属销售', cell: (row) => row.repName },
    { id: 'registered', header: '注册时间', isSortable: true, cell: (row) => row.registeredAtStr },
    { id: 'state', header: '状态', cell: (row) => <span data-testid={`member-state-${row.userNumber}`}>{row.isDisabled ? '已停用' : '正常'}</span> },
  ];
  if (canUpdate)
    columns.push({
      id: 'actions',
      header: '操作',
      isAlwaysShown: true,
      cell: (row, grid) => (
        <button type="button" className="admin-button admin-button--small" onClick={() => void toggle(row, grid)}>
          {row.isDisabled ? '启用' : '停用'}
        </button>
      ),
    });
  return columns;
}

/** /admin/members: 会员管理 — search, sort, disable/enable, assign dedicated reps in bulk; a rep's own members. */
export function AdminMembersPage({ data }: PageProps<MemberDeskPageData>) {
  const [notice, setNotice] = useState('');
  const [reps, setReps] = useState<SalesRepRow[]>(data.reps);
  const [chosenRep, setChosenRep] = useState('');
  const canUpdate = abilityFor(data.staff.role).can('update', 'Member');
  const columns = useMemo(() => memberColumns(canUpdate, setNotice), [canUpdate]);
  const updateMember = { action: 'update', subject: 'Member' } as const;
  const [reason, setReason] = useState('');
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
  const bulkActions: GridBulkAction<MemberDeskRow>[] = [
    bulkSetDisabled(true),
    bulkSetDisabled(false),
    {
      label: '分配给所选专属销售',
      permission: updateMember,
      async run(rows) {
        const repId = chosenRep === '' ? null : Number(chosenRep);
        const result = await callStaffApi(memberDeskCalls.assignRep, { userIds: rows.map((row) => row.userId), repId });
        setReps((await callStaffApi(memberDeskCalls.reps, {})).reps);
        return repId === null ? `已取消 ${String(result.count)} 位会员的专属销售` : `已为 ${String(result.count)} 位会员分配专属销售`;
      },
    },
  ];

  async function run(action: () => Promise<string>) {
    setNotice('');
    try {
      setNotice(await action());
    } catch (failure) {
      setNotice(messageOf(failure));
    }
  }

  async function saveRep(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(async () => {
      await callStaffApi(memberDeskCalls.saveRep, {
        staffId: Number(fieldOf(form, 'staffId')),
        operatorName: fieldOf(form, 'operatorName'),
        operatorMobile: fieldOf(form, 'operatorMobile'),
        operatorQq: fieldOf(form, 'operatorQq'),
        operatorWechat: fieldOf(form, 'operatorWechat'),
      });
      setReps((await callStaffApi(memberDeskCalls.reps, {})).reps);
      return '专属销售资料已保存';
    });
  }

  const repChooser = canUpdate ? (
    <label>
      专属销售{' '}
      <select aria-label="专属销售" value={chosenRep} onChange={(event) => setChosenRep(event.target.value)}>
        <option value="">取消专属销售</option>
        {reps.map((rep) => (
          <option key={rep.repId} value={rep.repId}>
            {rep.operatorName}
            {rep.staffName ? `（${rep.staffName}）` : ''}
          </option>
        ))}
      </select>
    </label>
  ) : null;

  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/members">
      {data.myMembers ? (
        <section className="admin-card admin-card--spaced" data-testid="my-members">
          <h2>我的专属客户</h2>
          <div className="admin-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>会员编号</th>
                  <th>昵称</th>
                  <th>手机号</th>
                  <th>购物车</th>
                  <th>BOM</th>
                  <th>成交订单</th>
                </tr>
              </thead>
              <tbody>
                {data.myMembers.map((member) => (
                  <tr key={member.userId}>
                    <td>
                      <a href={`/admin/members/${String(member.userId)}`}>{member.userNumber}</a>
                    </td>
                    <td>{member.nickName}</td>
                    <td>{member.phone}</td>
                    <td>{member.cartLines}</td>
                    <td>{member.bomCount}</td>
                    <td>{member.orderCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.myMembers.length === 0 ? <p>暂无分配给您的会员</p> : null}
        </section>
      ) : null}
      <section className="admin-card admin-card--spaced">
        <h1>会员管理</h1>
        <p className="admin-notice" role="alert">
          {notice}
        </p>
        <DataGrid
          label="会员列表"
          call={memberDeskCalls.list}
          initial={data.initial}
          columns={columns}
          rowKey={(row) => row.userId}
          filters={memberFilters}
          initialSort={{ column: 'registered', direction: 'desc' }}
          bulkActions={bulkActions}
          exportPath={memberExportPath}
          exportPermission={{ action: 'export', subject: 'Member' }}
          storageKey="admin.members.columns"
          toolbar={
            canUpdate ? (
              <>
                <label>
                  原因{' '}
                  <input
                    aria-label="停用/启用原因"
                    value={reason}
                    maxLength={200}
                    placeholder="批量停用/启用的原因"
                    onChange={(event) => setReason(event.target.value)}
                  />
                </label>
                {repChooser}
              </>
            ) : null
          }
        />
      </section>
      {canUpdate ? (
        <section className="admin-card admin-card--spaced">
          <h2>专属销售</h2>
          <div className="admin-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th>姓名</th>
                  <th>员工账号</th>
                  <th>手机</th>
                  <th>QQ</th>
                  <th>微信</th>
                  <th>会员数</th>
                </tr>
              </thead>
              <tbody>
                {reps.map((rep) => (
                  <tr key={rep.repId}>
                    <td>{rep.operatorName}</td>
                    <td>{rep.staffName}</td>
                    <td>{rep.operatorMobile}</td>
                    <td>{rep.operatorQq}</td>
                    <td>{rep.operatorWechat}</td>
                    <td>{rep.memberCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form className="admin-create" onSubmit={(event) => void saveRep(event)} aria-label="设置专属销售">
            <select name="staffId" aria-label="销售员工" defaultValue="">
              <option value="">选择销售/报价员工</option>
              {data.salesStaff.map((staff) => (
                <option key={staff.staffId} value={staff.staffId}>
                  {staff.displayName}
                  {staff.repId === null ? '' : '（已是专属销售）'}
                </option>
              ))}
            </select>
            <input name="operatorName" placeholder="对会员显示的姓名" maxLength={20} />
            <input name="operatorMobile" placeholder="手机" maxLength={11} />
            <input name="operatorQq" placeholder="QQ" maxLength={12} />
            <input name="operatorWechat" placeholder="微信" maxLength={40} />
            <button type="submit" className="admin-button">
              保存
            </button>
          </form>
        </section>
      ) : null}
    </AdminLayout>
  );
}
