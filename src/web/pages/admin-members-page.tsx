import { useState, type SubmitEvent } from 'react';
import { memberDeskCalls } from '../../contract/admin-member-desk-calls.ts';
import { memberLevels } from '../../contract/member.ts';
import type { MemberDeskPageData, MemberDeskRow, SalesRepRow } from '../../contract/member-desk.ts';
import { formatCents } from '../../contract/pricing.ts';
import { abilityFor } from '../../contract/staff-permissions.ts';
import { ApiError } from '../lib/api-client.ts';
import { AdminLayout } from '../features/staff/admin-layout.tsx';
import { callStaffApi } from '../features/staff/staff-api.ts';
import { fieldOf, GridPager } from '../features/member-desk/grid-pager.tsx';
import { useGridList } from '../features/member-desk/use-grid-list.ts';
import type { PageProps } from './page-props.ts';

const filterNames = ['phone', 'userNumber', 'nickName', 'level', 'disabled', 'registeredFrom', 'registeredTo'] as const;

function messageOf(failure: unknown): string {
  return failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试';
}

/** /admin/members: 会员管理 — search, sort, disable/enable, assign dedicated reps in bulk; a rep's own members. */
export function AdminMembersPage({ data }: PageProps<MemberDeskPageData>) {
  const list = useGridList<MemberDeskRow>(memberDeskCalls.list, data.initial, {});
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState('');
  const [reps, setReps] = useState<SalesRepRow[]>(data.reps);
  const ability = abilityFor(data.staff.role);
  const canUpdate = ability.can('update', 'Member');

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void list.load({ filters: Object.fromEntries(filterNames.map((name) => [name, fieldOf(form, name)])) });
  }

  function sortBy(column: 'registered' | 'paidTotal') {
    const direction = list.sort?.column === column && list.sort.direction === 'desc' ? 'asc' : 'desc';
    void list.load({ sort: { column, direction } });
  }

  async function run(action: () => Promise<string>) {
    setNotice('');
    try {
      setNotice(await action());
      await list.reload();
    } catch (failure) {
      setNotice(messageOf(failure));
    }
  }

  async function toggle(row: MemberDeskRow) {
    await run(async () => {
      await callStaffApi(memberDeskCalls.setDisabled, { userId: row.userId, isDisabled: !row.isDisabled });
      return row.isDisabled ? `已启用会员 ${row.userNumber}` : `已停用会员 ${row.userNumber}，其登录状态已全部退出`;
    });
  }

  async function assign(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const repValue = fieldOf(new FormData(event.currentTarget), 'repId');
    await run(async () => {
      const result = await callStaffApi(memberDeskCalls.assignRep, { userIds: [...selected], repId: repValue === '' ? null : Number(repValue) });
      setSelected(new Set());
      setReps((await callStaffApi(memberDeskCalls.reps, {})).reps);
      return repValue === '' ? `已取消 ${String(result.count)} 位会员的专属销售` : `已为 ${String(result.count)} 位会员分配专属销售`;
    });
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

  function toggleSelected(userId: number) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });
  }

  const arrow = (column: string) => (list.sort?.column === column ? (list.sort.direction === 'desc' ? ' ↓' : ' ↑') : '');
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/members">
      {data.myMembers ? (
        <section className="admin-card admin-card--spaced" data-testid="my-members">
          <h2>我的专属客户</h2>
          <table className="admin-table">
            <thead>
              <tr>
                <th>会员编号</th>
                <th>昵称</th>
                <th>手机号</th>
                <th>购物车</th>
                <th>BOM</th>
                <th>订单</th>
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
          {data.myMembers.length === 0 ? <p>暂无分配给您的会员</p> : null}
        </section>
      ) : null}
      <section className="admin-card">
        <h1>会员管理</h1>
        <form className="admin-create" onSubmit={search} aria-label="筛选会员">
          <input name="phone" placeholder="手机号" maxLength={11} />
          <input name="userNumber" placeholder="会员编号" maxLength={20} />
          <input name="nickName" placeholder="昵称" maxLength={20} />
          <select name="level" aria-label="会员等级" defaultValue="">
            <option value="">全部等级</option>
            {memberLevels.map((level) => (
              <option key={level.name} value={level.name}>
                {level.name}
              </option>
            ))}
          </select>
          <select name="disabled" aria-label="状态" defaultValue="">
            <option value="">全部状态</option>
            <option value="no">正常</option>
            <option value="yes">已停用</option>
          </select>
          <input name="registeredFrom" type="date" aria-label="注册开始日期" />
          <input name="registeredTo" type="date" aria-label="注册结束日期" />
          <button type="submit" className="admin-button">
            查询
          </button>
        </form>
        {canUpdate ? (
          <form className="admin-create" onSubmit={(event) => void assign(event)} aria-label="分配专属销售">
            <span>已选 {selected.size} 位会员</span>
            <select name="repId" aria-label="专属销售" defaultValue="">
              <option value="">取消专属销售</option>
              {reps.map((rep) => (
                <option key={rep.repId} value={rep.repId}>
                  {rep.operatorName}
                  {rep.staffName ? `（${rep.staffName}）` : ''}
                </option>
              ))}
            </select>
            <button type="submit" className="admin-button" disabled={selected.size === 0}>
              批量分配
            </button>
          </form>
        ) : null}
        <p className="admin-notice" role="alert">
          {notice || list.error}
        </p>
        <table className="admin-table" data-testid="members-grid">
          <thead>
            <tr>
              {canUpdate ? <th aria-label="选择" /> : null}
              <th>会员编号</th>
              <th>昵称</th>
              <th>手机号</th>
              <th>等级</th>
              <th>
                <button type="button" className="admin-sort" onClick={() => sortBy('paidTotal')}>
                  累计消费{arrow('paidTotal')}
                </button>
              </th>
              <th>订单数</th>
              <th>专属销售</th>
              <th>
                <button type="button" className="admin-sort" onClick={() => sortBy('registered')}>
                  注册时间{arrow('registered')}
                </button>
              </th>
              <th>状态</th>
              {canUpdate ? <th>操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.page.rows.map((row) => (
              <tr key={row.userId} data-testid={`member-row-${row.userNumber}`}>
                {canUpdate ? (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`选择 ${row.userNumber}`}
                      checked={selected.has(row.userId)}
                      onChange={() => toggleSelected(row.userId)}
                    />
                  </td>
                ) : null}
                <td>
                  <a href={`/admin/members/${String(row.userId)}`}>{row.userNumber}</a>
                </td>
                <td>{row.nickName}</td>
                <td>{row.phone}</td>
                <td>{row.levelName}</td>
                <td>{formatCents(row.paidCents)}</td>
                <td>{row.orderCount}</td>
                <td>{row.repName}</td>
                <td>{row.registeredAtStr}</td>
                <td>{row.isDisabled ? '已停用' : '正常'}</td>
                {canUpdate ? (
                  <td>
                    <button type="button" className="admin-button admin-button--small" onClick={() => void toggle(row)}>
                      {row.isDisabled ? '启用' : '停用'}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {list.page.rows.length === 0 ? <p>暂无数据</p> : null}
        <GridPager total={list.page.total} page={list.page.page} pageCount={list.pageCount} onPage={(page) => void list.load({ page })} />
      </section>
      {canUpdate ? (
        <section className="admin-card admin-card--spaced">
          <h2>专属销售</h2>
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
