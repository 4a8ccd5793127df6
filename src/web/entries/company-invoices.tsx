import '../styles/base.css';
import '../styles/person.css';
import '../ui/pagination.css';
import '../features/company-account/company.css';
import '../features/company-account/company-invoices.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CompanyInvoicesPage } from '../pages/company-invoices-page.tsx';

hydratePage(CompanyInvoicesPage);
