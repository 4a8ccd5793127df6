import '../styles/base.css';
import '../styles/person.css';
import '../features/company-account/company.css';
import '../features/company-credit/company-credit.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CompanyStatementsPage } from '../pages/company-statements-page.tsx';

hydratePage(CompanyStatementsPage);
