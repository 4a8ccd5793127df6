import '../styles/base.css';
import '../styles/person.css';
import '../features/address/address.css';
import '../features/company-account/company.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CompanyPage } from '../pages/company-page.tsx';

hydratePage(CompanyPage);
