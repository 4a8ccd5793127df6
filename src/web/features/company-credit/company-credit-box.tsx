import { useEffect, useState } from 'react';
import { companyCreditCalls } from '../../../contract/company-credit-calls.ts';
import { companyStatementsPath, type CompanyCreditView } from '../../../contract/company-credit.ts';
import { callApi } from '../../lib/api-client.ts';
import { CompanyCreditFacts } from './company-credit-facts.tsx';

/** The company page's 月结 box for 管理员 and 财务: read after the page loads (other roles, and companies without 月结, see nothing). */
export function CompanyCreditBox() {
  const [credit, setCredit] = useState<CompanyCreditView | null>(null);
  useEffect(() => {
    // Nothing to show when it cannot be read: the box is a summary of the statements page.
    callApi(companyCreditCalls.credit, {}).then(setCredit, () => undefined);
  }, []);
  if (credit === null) return null;
  return (
    <section className="company-section" aria-labelledby="company-credit-title">
      <h2 id="company-credit-title" className="company-section__title">
        企业月结
      </h2>
      <CompanyCreditFacts credit={credit} />
      <p className="company-links">
        <a className="button" href={companyStatementsPath}>
          查看对账单
        </a>
      </p>
    </section>
  );
}
