import { useState } from 'react';
import { companyDeskPath, companyCreditLimits } from '../../../contract/company-credit.ts';
import type { CompanyDeskDetailPageData, CompanyDeskStatement } from '../../../contract/console/company-desk.ts';
import { formatCents, yuanTextOfCents } from '../../../contract/money.ts';
import { CompanyRosterTables } from '../../features/company-desk/company-roster-tables.tsx';
import { useCompanyDesk, type CompanyDeskState } from '../../features/company-desk/use-company-desk.ts';
import { AdminLayout } from '../../features/staff/admin-layout.tsx';
import type { PageProps } from '../../pages/page-props.ts';

function CreditForm({ state }: { state: CompanyDeskState }) {
  const { credit } = state.detail;
  const [limitYuan, setLimitYuan] = useState(credit ? yuanTextOfCents(credit.limitCents) : '');
  const [termsDays, setTermsDays] = useState(String(credit?.termsDays ?? 30));
  return (
    <form
      className="company-desk__form"
      aria-label="月结额度与账期"
      onSubmit={(event) => {
        event.preventDefault();
        void state.grant(limitYuan, Number(termsDays));
      }}
    >
      <label>
        信用额度（元）
        <input name="limitYuan" value={limitYuan} onChange={(event) => setLimitYuan(event.currentTarget.value)} inputMode="decimal" maxLength={14} />
      </label>
      <label>
        账期（天）
        <input
          name="termsDays"
          type="number"
          min={companyCreditLimits.minTermsDays}
          max={companyCreditLimits.maxTermsDays}
          value={termsDays}
          onChange={(event) => setTermsDays(event.currentTarget.value)}
        />
      </label>
      <button type="submit" className="admin-button" disabled={state.isBusy}>
        {credit?.isActive ? '保存修改' : '开通月结'}
      </button>
      {credit?.isActive ? (
        <button type="button" className="admin-button company-desk__withdraw" disabled={state.isBusy} onClick={() => void state.withdraw()}>
          停用月结
        </button>
      ) : null}
    </form>
  );
}

function SettleForm({ statement, state }: { statement: CompanyDeskStatement; state: CompanyDeskState }) {
  const [note, setNote] = useState('');
  return (
    <form
      className="admin-inline"
      onSubmit={(event) => {
        event.preventDefault();
        void state.settle(statement.statementId, statement.status, note);
      }}
    >
      <input
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        placeholder="到账备注（银行流水号等）"
        maxLength={100}
        aria-label="到账备注"
      />
      <button type="submit" className="admin-button admin-button--small" disabled={state.isBusy}>
        登记结清
      </button>
    </form>
  );
}

function Statements({ state }: { state: CompanyDeskState }) {
  const { statements } = state.detail;
  if (statements.length === 0) return <p>还没有对账单。</p>;
  return (
    <div className="admin-scroll">
      <table className="admin-table" data-testid="company-desk-statements">
        <thead>
          <tr>
            <th>账单月份</th>
            <th>状态</th>
            <th>明细</th>
            <th>应付</th>
            <th>还款日</th>
            <th>结清</th>
          </tr>
        </thead>
        <tbody>
          {statements.map((statement) => (
            <tr key={statement.statementId} data-testid="desk-statement">
              <td>{statement.periodLabel}</td>
              <td>{statement.statusLabel}</td>
              <td>
                {statement.lines.map((line) => (
                  <div key={`${line.kind}-${line.orderNo}-${line.atStr}`}>
                    {line.kindLabel} {line.orderNo} {formatCents(line.amountCents)}
                  </div>
                ))}
              </td>
              <td>{formatCents(statement.totalCents)}</td>
              <td>{statement.dueAtStr || '—'}</td>
              <td>{statement.actions.includes('settle') ? <SettleForm statement={statement} state={state} /> : statement.settledAtStr}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Detail({ state }: { state: CompanyDeskState }) {
  const { detail } = state;
  const { credit } = detail;
  return (
    <>
      <section className="admin-card admin-card--spaced">
        <h1>{detail.name}</h1>
        <dl className="company-desk__facts">
          <dt>统一社会信用代码</dt>
          <dd>{detail.creditCode}</dd>
          <dt>联系人</dt>
          <dd>{[detail.contactName, detail.contactPhone].filter(Boolean).join(' ') || '—'}</dd>
          <dt>成员</dt>
          <dd>{detail.memberCount}</dd>
          <dt>月结</dt>
          <dd data-testid="desk-credit">
            {credit
              ? `${credit.isActive ? '已开通' : '已停用'}，额度 ${formatCents(credit.limitCents)}，已用 ${formatCents(credit.usedCents)}，可用 ${formatCents(credit.availableCents)}，账期 ${String(credit.termsDays)} 天${credit.hasOverdue ? '（有逾期对账单）' : ''}`
              : '未开通'}
          </dd>
        </dl>
        <p className="admin-notice" role="alert">
          {state.notice}
        </p>
        {detail.canChange ? <CreditForm state={state} /> : null}
      </section>
      <section className="admin-card">
        <h2>对账单</h2>
        <Statements state={state} />
      </section>
      <CompanyRosterTables roster={detail.roster} />
    </>
  );
}

function Loaded({ detail }: { detail: NonNullable<CompanyDeskDetailPageData['detail']> }) {
  const state = useCompanyDesk(detail);
  return <Detail state={state} />;
}

/** /admin/companies/:companyId: one company's 月结 (grant, change, withdraw), its 对账单 (登记结清), and who is in it (read-only). */
export function AdminCompanyDetailPage({ data }: PageProps<CompanyDeskDetailPageData>) {
  return (
    <AdminLayout staff={data.staff} menu={data.menu} current={companyDeskPath}>
      <p>
        <a href={companyDeskPath}>← 企业月结</a>
      </p>
      {data.detail ? (
        <Loaded detail={data.detail} />
      ) : (
        <section className="admin-card">
          <h1>企业不存在</h1>
        </section>
      )}
    </AdminLayout>
  );
}
