import { useState, type SubmitEvent } from 'react';
import { auditExportPath, auditPageSize, type AuditDeskPageData, type AuditListResponse } from '../../contract/staff.ts';
import { auditDeskCalls } from '../../contract/staff-calls.ts';
import { ApiError } from '../lib/api-client.ts';
import { AdminLayout } from '../features/staff/admin-layout.tsx';
import { callStaffApi } from '../features/staff/staff-api.ts';
import type { PageProps } from './page-props.ts';

interface Filter {
  staffName: string;
  subject: string;
  from: string;
  to: string;
}

function present(filter: Filter) {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== '')) as Partial<Filter>;
}

/** /admin/audit: 操作日志 — search by staff, subject and dates, page through, export to Excel. */
export function AdminAuditPage({ data }: PageProps<AuditDeskPageData>) {
  const [result, setResult] = useState<AuditListResponse>(data.result);
  const [filter, setFilter] = useState<Filter>({ staffName: '', subject: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  const pageCount = Math.max(1, Math.ceil(result.total / auditPageSize));

  async function load(nextFilter: Filter, nextPage: number) {
    setError('');
    try {
      setResult(await callStaffApi(auditDeskCalls.search, { ...present(nextFilter), page: nextPage }));
      setFilter(nextFilter);
      setPage(nextPage);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.msg ? failure.msg : '查询失败，请稍后重试');
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    void load({ staffName: text('staffName'), subject: text('subject'), from: text('from'), to: text('to') }, 1);
  }

  const exportHref = `${auditExportPath}?${new URLSearchParams(present(filter)).toString()}`;
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current="/admin/audit">
      <section className="admin-card">
        <h1>操作日志</h1>
        <form className="admin-create" onSubmit={submit}>
          <input name="staffName" placeholder="员工姓名" maxLength={32} />
          <input name="subject" placeholder="对象（如 Staff）" maxLength={32} />
          <input name="from" type="date" aria-label="开始日期" />
          <input name="to" type="date" aria-label="结束日期" />
          <button type="submit" className="admin-button">
            查询
          </button>
          <a className="admin-button" href={exportHref}>
            导出 Excel
          </a>
        </form>
        <p className="admin-notice" role="alert">
          {error}
        </p>
        <table className="admin-table">
          <thead>
            <tr>
              <th>时间</th>
              <th>员工</th>
              <th>操作</th>
              <th>对象</th>
              <th>修改前</th>
              <th>修改后</th>
              <th>IP</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.id}>
                <td>{row.atStr}</td>
                <td>{row.staffName}</td>
                <td>{row.action}</td>
                <td>
                  {row.subject} #{row.subjectId}
                </td>
                <td className="admin-json">{row.beforeJson}</td>
                <td className="admin-json">{row.afterJson}</td>
                <td>{row.ip}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          共 {result.total} 条，第 {page}/{pageCount} 页{' '}
          <button type="button" disabled={page <= 1} onClick={() => void load(filter, page - 1)}>
            上一页
          </button>{' '}
          <button type="button" disabled={page >= pageCount} onClick={() => void load(filter, page + 1)}>
            下一页
          </button>
        </p>
      </section>
    </AdminLayout>
  );
}
