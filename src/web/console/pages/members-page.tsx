import { useMemo } from 'react';
import { memberDeskCalls } from '../../../contract/console/member-desk-calls.ts';
import { memberLevels } from '../../../contract/member.ts';
import { memberExportPath, type MemberDeskPageData, type MemberDeskRow } from '../../../contract/member-desk.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import { useMemberGrid, type MemberGrid } from '../../features/member-desk/use-member-grid.ts';
import { DataGrid } from '../../features/staff/data-grid/data-grid.tsx';
import type { GridColumn, GridControls, GridFilter } from '../../features/staff/data-grid/grid-types.ts';
import type { PageProps } from '../../pages/page-props.ts';

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

function memberColumns(canUpdate: boolean, toggle: (row: MemberDeskRow, grid: GridControls) => Promise<void>): GridColumn<MemberDeskRow>[] {
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

/** A dedicated rep's own members, with what they have in their carts and BOMs. */
function MyMembers({ members }: { members: NonNullable<MemberDeskPageData['myMembers']> }) {
  return (
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
            {members.map((member) => (
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
      {members.length === 0 ? <p>暂无分配给您的会员</p> : null}
    </section>
  );
}

/** Over the grid: the reason the bulk 停用/启用 record, and the rep 分配 gives the selected members. */
function MemberToolbar({ grid }: { grid: MemberGrid }) {
  return (
    <>
      <label>
        原因{' '}
        <input
          aria-label="停用/启用原因"
          value={grid.reason}
          maxLength={200}
          placeholder="批量停用/启用的原因"
          onChange={(event) => grid.setReason(event.target.value)}
        />
      </label>
      <label>
        专属销售{' '}
        <select aria-label="专属销售" value={grid.chosenRep} onChange={(event) => grid.setChosenRep(event.target.value)}>
          <option value="">取消专属销售</option>
          {grid.reps.map((rep) => (
            <option key={rep.repId} value={rep.repId}>
              {rep.operatorName}
              {rep.staffName ? `（${rep.staffName}）` : ''}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** 专属销售: the reps with their member counts, and the form that makes a sales or quotation staff member one. */
function SalesReps({ grid, salesStaff }: { grid: MemberGrid; salesStaff: MemberDeskPageData['salesStaff'] }) {
  return (
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
            {grid.reps.map((rep) => (
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
      <form className="admin-create" onSubmit={(event) => void grid.saveRep(event)} aria-label="设置专属销售">
        <select name="staffId" aria-label="销售员工" defaultValue="">
          <option value="">选择销售/报价员工</option>
          {salesStaff.map((staff) => (
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
  );
}

/** /admin/members: 会员管理 — search, sort, disable/enable, assign dedicated reps in bulk; a rep's own members. */
export function AdminMembersPage({ data }: PageProps<MemberDeskPageData>) {
  const grid = useMemberGrid(data);
  const { canUpdate, toggleDisabled } = grid;
  const columns = useMemo(() => memberColumns(canUpdate, toggleDisabled), [canUpdate, toggleDisabled]);
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/members">
      {data.myMembers ? <MyMembers members={data.myMembers} /> : null}
      <section className="admin-card admin-card--spaced">
        <h1>会员管理</h1>
        <p className="admin-notice" role="alert">
          {grid.notice}
        </p>
        <DataGrid
          label="会员列表"
          call={memberDeskCalls.list}
          initial={data.initial}
          columns={columns}
          rowKey={(row) => row.userId}
          filters={memberFilters}
          initialSort={{ column: 'registered', direction: 'desc' }}
          bulkActions={grid.bulkActions}
          exportPath={memberExportPath}
          exportPermission={{ action: 'export', subject: 'Member' }}
          storageKey="admin.members.columns"
          toolbar={canUpdate ? <MemberToolbar grid={grid} /> : null}
        />
      </section>
      {canUpdate ? <SalesReps grid={grid} salesStaff={data.salesStaff} /> : null}
    </AdminLayout>
  );
}
