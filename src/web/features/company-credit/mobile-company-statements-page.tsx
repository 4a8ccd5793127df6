import { companyPath } from '../../../contract/company-account.ts';
import { statementDownloadPath, type StatementView } from '../../../contract/company-credit.ts';
import { mobileBuyPaths } from '../../../contract/mobile-buy.ts';
import type { MobileCompanyStatementsData } from '../../../contract/mobile-company.ts';
import { formatCents } from '../../../contract/money.ts';
import type { PageProps } from '../../pages/page-props.ts';
import { MobileFrame } from '../mobile/mobile-frame.tsx';
import { CompanyCreditFacts } from './company-credit-facts.tsx';

function StatementCard({ statement }: { statement: StatementView }) {
  return (
    <li className="mb-card m-statement" data-testid="m-statement">
      <header className="mb-card__head">
        <h3 className="mb-card__title">{statement.periodLabel}</h3>
        <span className={`statement-status statement-status--${statement.status}`} data-testid="m-statement-status">
          {statement.statusLabel}
        </span>
      </header>
      <p className="m-statement__figures">
        <span className="mb-muted">{statement.lineCount} 笔明细</span>
        <span>
          应付 <strong className="mb-price">{formatCents(statement.totalCents)}</strong>
        </span>
      </p>
      {statement.dueAtStr ? <p className="mb-muted">还款日 {statement.dueAtStr}</p> : null}
      {statement.settledAtStr ? <p className="mb-muted">结清于 {statement.settledAtStr}</p> : null}
      <div className="mb-actions">
        <a className="mb-button mb-button--small" href={statementDownloadPath(statement.statementId, 'pdf')} data-testid="m-statement-pdf" download>
          下载 PDF
        </a>
        <a className="mb-button mb-button--small" href={statementDownloadPath(statement.statementId, 'xlsx')} data-testid="m-statement-xlsx" download>
          下载 Excel
        </a>
      </div>
    </li>
  );
}

function Body({ data }: { data: MobileCompanyStatementsData }) {
  if (data.companyName === null)
    return (
      <section className="mb-empty" data-testid="m-statements-refusal">
        <p>您还没有加入企业账户。</p>
        <a className="mb-button mb-button--primary" href={companyPath}>
          前往企业账户
        </a>
      </section>
    );
  if (!data.maySee)
    return (
      <section className="mb-empty" data-testid="m-statements-refusal">
        <p>对账单仅企业管理员和财务可以查看。</p>
      </section>
    );
  return (
    <>
      <section className="mb-card m-company-credit" aria-labelledby="m-credit-title">
        <h2 id="m-credit-title" className="mb-card__title">
          月结
        </h2>
        {data.credit ? <CompanyCreditFacts credit={data.credit} /> : <p className="mb-muted">贵司尚未开通月结，如需开通请联系客服。</p>}
      </section>
      <h2 className="m-company-section">每月对账单</h2>
      {data.statements.length === 0 ? (
        <p className="mb-empty">还没有对账单：月结支付的订单会计入当月对账单，每月底出账。</p>
      ) : (
        <ul className="m-statements" aria-label="每月对账单">
          {data.statements.map((statement) => (
            <StatementCard key={statement.statementId} statement={statement} />
          ))}
        </ul>
      )}
    </>
  );
}

/** /m/user/company/statements: the company's 月结 and its monthly 对账单 with their PDF and Excel (管理员, 财务). */
export function MobileCompanyStatementsPage({ shell, data }: PageProps<MobileCompanyStatementsData>) {
  return (
    <MobileFrame shell={shell} basePath={data.basePath} title="对账单" backHref={mobileBuyPaths(data.basePath).person}>
      {data.companyName ? (
        <section className="m-company-head" aria-label="企业">
          <h2 className="m-company-head__name">{data.companyName}</h2>
        </section>
      ) : null}
      <Body data={data} />
    </MobileFrame>
  );
}
