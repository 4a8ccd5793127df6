import '../styles/base.css';
import '../styles/person.css';
import '../ui/pagination.css';
import '../features/company-account/company.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CompanyOrdersPage } from '../pages/company-orders-page.tsx';

hydratePage(CompanyOrdersPage);
