import { useEffect, useRef, useState } from 'react';
import { companyInvoiceCalls } from '../../../contract/company-account-calls.ts';
import { companyInvoicesUrl, readCompanyInvoiceQuery, type CompanyInvoiceQuery, type CompanyInvoicesData } from '../../../contract/company-invoices.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { toastIfMessage } from '../../ui/toast.ts';

/**
 * 公司发票: the filter and the pages read the list through companyInvoiceCalls.list and write the query to the
 * address (a link reproduces the list; back and forward show what was there). Without the script the form and
 * the page links load the page itself.
 */
export function useCompanyInvoices(initial: CompanyInvoicesData) {
  const [data, setData] = useState(initial);
  const [isLoading, setIsLoading] = useState(false);
  const latest = useRef(0);

  async function show(query: CompanyInvoiceQuery, history: 'push' | 'keep'): Promise<void> {
    latest.current += 1;
    const request = latest.current;
    setIsLoading(true);
    try {
      const next = await callApi(companyInvoiceCalls.list, query);
      if (request !== latest.current) return;
      setData(next);
      if (history === 'push') window.history.pushState(null, '', companyInvoicesUrl(next.query));
    } catch (error) {
      if (request === latest.current) toastIfMessage(errorMessageOf(error));
    } finally {
      if (request === latest.current) setIsLoading(false);
    }
  }

  useEffect(() => {
    const onPopState = () => {
      void show(readCompanyInvoiceQuery(Object.fromEntries(new URLSearchParams(window.location.search))), 'keep');
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
    };
  }, []);

  return {
    data,
    isLoading,
    search: (filter: Omit<CompanyInvoiceQuery, 'page'>) => show({ ...filter, page: 1 }, 'push'),
    goToPage: (page: number) => void show({ ...data.query, page }, 'push'),
  };
}

export type CompanyInvoicesState = ReturnType<typeof useCompanyInvoices>;
