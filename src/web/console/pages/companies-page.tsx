import { companyDeskPath } from '../../../contract/company-credit.ts';
import { companyDeskPageSize, type CompanyDeskPageData } from '../../../contract/console/company-desk.ts';
import { formatCents } from '../../../contract/money.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import type { PageProps } from '../../pages/page-props.ts';

function pageHref(keyword: string, page: number): string {
  const query = [keyword ? `q=${encodeURIComponent(keyword)}` : '', page > 1 ? `page=${String(page)}` : ''].filter(Boolean).join('&');
  return `${companyDeskPath}${query ? `?${query}` : ''}`;
}

/** /admin/companies: 企业月结 — companies found by name or 统一社会信用代码, with members, on-account orders and 月结. */
export function AdminCompaniesPage({ data }: PageProps<CompanyDeskPageData>) {
  const { list } = data;
  const pages = Math.max(1, Math.ceil(list.total / companyDeskPageSize));
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={companyDeskPath}>
      <section className="admin-card">
        <h1>企业月结</h1>
        <form method="get" action={companyDeskPath} className="admin-inline" role="search">
          <input name="q" defaultValue={list.keyword} placeholder="企业名称或统一社会信用代码" maxLength={40} aria-label="企业名称或统一社会信用代码" />
          <button type="submit" className="admin-button">
            查询
          </button>
        </form>
        <p>共 {list.total} 家企业</p>
        <div className="admin-scroll">
          <table className="admin-table" data-testid="company-desk-list">
            <thead>
              <tr>
                <th>企业名称</th>
                <th>统一社会信用代码</th>
                <th>成员</th>
                <th>月结订单</th>
                <th>月结</th>
                <th>额度</th>
                <th>已用</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.companyId}>
                  <td>
                    <a href={`${companyDeskPath}/${String(row.companyId)}`}>{row.name}</a>
                  </td>
                  <td>{row.creditCode}</td>
                  <td>{row.memberCount}</td>
                  <td>{row.onAccountOrderCount}</td>
                  <td>{row.creditLabel}</td>
                  <td>{row.limitCents === null ? '—' : formatCents(row.limitCents)}</td>
                  <td>{row.usedCents === null ? '—' : formatCents(row.usedCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {pages > 1 ? (
          <p>
            {list.page > 1 ? <a href={pageHref(list.keyword, list.page - 1)}>上一页</a> : null} 第 {list.page}/{pages} 页{' '}
            {list.page < pages ? <a href={pageHref(list.keyword, list.page + 1)}>下一页</a> : null}
          </p>
        ) : null}
      </section>
    </AdminLayout>
  );
}
