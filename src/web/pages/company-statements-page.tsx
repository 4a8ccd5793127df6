import { companyPath } from '../../contract/company-account.ts';
import { statementDownloadPath, type CompanyStatementsPageData, type StatementView } from '../../contract/company-credit.ts';
import { formatCents } from '../../contract/money.ts';
import { CompanyCreditFacts } from '../features/company-credit/company-credit-facts.tsx';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

function StatementRow({ statement }: { statement: StatementView }) {
  return (
    <tr data-testid="statement-row">
      <td>{statement.periodLabel}</td>
      <td>
        <span className={`statement-status statement-status--${statement.status}`}>{statement.statusLabel}</span>
      </td>
      <td>{statement.lineCount}</td>
      <td className="company-amount">{formatCents(statement.totalCents)}</td>
      <td>{statement.dueAtStr || '—'}</td>
      <td>
        <a className="button button--small" href={statementDownloadPath(statement.statementId, 'pdf')} data-testid="statement-pdf" download>
          PDF
        </a>{' '}
        <a className="button button--small" href={statementDownloadPath(statement.statementId, 'xlsx')} data-testid="statement-xlsx" download>
          Excel
        </a>
      </td>
    </tr>
  );
}

function StatementsTable({ statements }: { statements: StatementView[] }) {
  if (statements.length === 0) return <p className="company-muted">还没有对账单：月结支付的订单会计入当月对账单，每月底出账。</p>;
  return (
    <table className="company-table" data-testid="statements">
      <thead>
        <tr>
          <th scope="col">账单月份</th>
          <th scope="col">状态</th>
          <th scope="col">明细数</th>
          <th scope="col">应付金额</th>
          <th scope="col">还款日</th>
          <th scope="col">下载</th>
        </tr>
      </thead>
      <tbody>
        {statements.map((statement) => (
          <StatementRow key={statement.statementId} statement={statement} />
        ))}
      </tbody>
    </table>
  );
}

function Body({ data }: { data: CompanyStatementsPageData }) {
  if (data.companyName === null)
    return (
      <p className="company-muted">
        您还没有加入企业账户。<a href={companyPath}>前往企业账户</a>
      </p>
    );
  if (!data.maySee) return <p className="company-muted">对账单仅企业管理员和财务可以查看。</p>;
  return (
    <>
      {data.credit ? <CompanyCreditFacts credit={data.credit} /> : <p className="company-muted">贵司尚未开通月结，如需开通请联系客服。</p>}
      <h2 className="company-section__title">每月对账单</h2>
      <StatementsTable statements={data.statements} />
    </>
  );
}

/** /user/company/statements: the company's 月结 and its monthly 对账单 with their PDF and Excel (管理员, 财务). */
export function CompanyStatementsPage({ shell, data }: PageProps<CompanyStatementsPageData>) {
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/company/statements">
        <section className="person-panel company-page" aria-labelledby="statements-title">
          <h1 id="statements-title" className="person-panel__title">
            对账单{data.companyName ? <span className="company-muted">（{data.companyName}）</span> : null}
          </h1>
          <Body data={data} />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
