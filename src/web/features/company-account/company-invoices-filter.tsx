import { useState, type SubmitEvent } from 'react';
import {
  companyInvoicesExportUrl,
  companyInvoicesPath,
  companyInvoiceMessages,
  companyInvoiceStateFilterLabels,
  companyInvoiceStateFilters,
  isCompanyInvoiceStateFilter,
  type CompanyInvoiceStateFilter,
} from '../../../contract/company-invoices.ts';
import type { CompanyInvoicesState } from './use-company-invoices.ts';

/**
 * 状态 and 日期 (a Beijing date range: the day issued, or the day ordered while not issued), 查询 and 导出Excel
 * (every invoice the applied filter finds). A GET form: without the script it loads the page with the query.
 */
export function CompanyInvoicesFilter({ state }: { state: CompanyInvoicesState }) {
  const { query } = state.data;
  const [invoiceState, setInvoiceState] = useState<CompanyInvoiceStateFilter>(query.state);
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  const [problem, setProblem] = useState('');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (from !== '' && to !== '' && from > to) {
      setProblem(companyInvoiceMessages.rangeReversed);
      return;
    }
    setProblem('');
    void state.search({ state: invoiceState, from, to });
  }

  function reset() {
    setInvoiceState('all');
    setFrom('');
    setTo('');
    setProblem('');
    void state.search({ state: 'all', from: '', to: '' });
  }

  return (
    <form className="company-invoices-filter" method="get" action={companyInvoicesPath} role="search" aria-label="发票筛选" onSubmit={submit}>
      <label className="company-invoices-filter__field">
        状态
        <select
          name="state"
          value={invoiceState}
          onChange={(event) => {
            if (isCompanyInvoiceStateFilter(event.target.value)) setInvoiceState(event.target.value);
          }}
        >
          {companyInvoiceStateFilters.map((filter) => (
            <option key={filter} value={filter}>
              {companyInvoiceStateFilterLabels[filter]}
            </option>
          ))}
        </select>
      </label>
      <label className="company-invoices-filter__field">
        开始日期
        <input type="date" name="from" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label className="company-invoices-filter__field">
        结束日期
        <input type="date" name="to" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} />
      </label>
      <button type="submit" className="button button--primary" disabled={state.isLoading}>
        查询
      </button>
      <button type="button" className="link-button" onClick={reset} disabled={state.isLoading}>
        重置
      </button>
      <a className="button company-invoices-filter__export" href={companyInvoicesExportUrl(query)} download data-testid="company-invoices-export">
        导出Excel
      </a>
      {problem ? (
        <p className="company-invoices-filter__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="company-invoices-filter__hint">日期：已开具的按开具日期，未开具的按下单日期。</p>
    </form>
  );
}
