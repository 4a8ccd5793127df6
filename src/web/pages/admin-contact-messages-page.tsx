import { useState, type SubmitEvent } from 'react';
import { contactDeskCalls } from '../../contract/admin-contact-desk-calls.ts';
import type { ContactDeskPageData, ContactDeskRow } from '../../contract/member-desk.ts';
import { abilityFor } from '../../contract/staff-permissions.ts';
import { ApiError } from '../lib/api-client.ts';
import { AdminLayout } from '../features/staff/admin-layout.tsx';
import { callStaffApi } from '../features/staff/staff-api.ts';
import { fieldOf, GridPager } from '../features/member-desk/grid-pager.tsx';
import { useGridList } from '../features/member-desk/use-grid-list.ts';
import type { PageProps } from './page-props.ts';

/** /admin/contact-messages: 联系留言 — the contact form's messages, marked handled with a note. */
export function AdminContactMessagesPage({ data }: PageProps<ContactDeskPageData>) {
  const list = useGridList<ContactDeskRow>(contactDeskCalls.list, data.initial, { status: 'new' });
  const [notice, setNotice] = useState('');
  const canUpdate = abilityFor(data.staff.role).can('update', 'ContactMessage');

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void list.load({ filters: { status: fieldOf(form, 'status'), keyword: fieldOf(form, 'keyword') } });
  }

  async function markHandled(event: SubmitEvent<HTMLFormElement>, row: ContactDeskRow) {
    event.preventDefault();
    setNotice('');
    try {
      await callStaffApi(contactDeskCalls.markHandled, { id: row.id, note: fieldOf(new FormData(event.currentTarget), 'note') });
      setNotice(`留言 #${String(row.id)} 已标记为已处理`);
      await list.reload();
    } catch (failure) {
      setNotice(failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试');
    }
  }

  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/contact-messages">
      <section className="admin-card">
        <h1>联系留言</h1>
        <form className="admin-create" onSubmit={search} aria-label="筛选留言">
          <select name="status" aria-label="状态" defaultValue="new">
            <option value="">全部</option>
            <option value="new">待处理</option>
            <option value="handled">已处理</option>
          </select>
          <input name="keyword" placeholder="姓名、电话、公司或内容" maxLength={40} />
          <button type="submit" className="admin-button">
            查询
          </button>
        </form>
        <p className="admin-notice" role="alert">
          {notice || list.error}
        </p>
        <table className="admin-table" data-testid="contact-grid">
          <thead>
            <tr>
              <th>时间</th>
              <th>联系人</th>
              <th>留言</th>
              <th>状态</th>
              <th>处理</th>
            </tr>
          </thead>
          <tbody>
            {list.page.rows.map((row) => (
              <tr key={row.id}>
                <td>{row.createdAtStr}</td>
                <td>
                  {row.name}
                  <br />
                  {row.phone}
                  {row.email ? <br /> : null}
                  {row.email}
                  {row.company ? <br /> : null}
                  {row.company}
                </td>
                <td className="admin-json">{row.message}</td>
                <td>{row.statusLabel}</td>
                <td>
                  {row.status === 'handled' ? (
                    <>
                      {row.handledBy} {row.handledAtStr}
                      {row.handledNote ? <p>备注：{row.handledNote}</p> : null}
                    </>
                  ) : canUpdate ? (
                    <form className="admin-inline" onSubmit={(event) => void markHandled(event, row)}>
                      <input name="note" placeholder="处理备注" maxLength={200} aria-label={`留言 ${String(row.id)} 处理备注`} />
                      <button type="submit" className="admin-button admin-button--small">
                        标记已处理
                      </button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.page.rows.length === 0 ? <p>暂无数据</p> : null}
        <GridPager total={list.page.total} page={list.page.page} pageCount={list.pageCount} onPage={(page) => void list.load({ page })} />
      </section>
    </AdminLayout>
  );
}
