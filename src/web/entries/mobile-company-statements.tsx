import '../styles/mobile.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/company-credit/company-credit.css';
import '../features/company-account/mobile-company.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileCompanyStatementsPage } from '../features/company-credit/mobile-company-statements-page.tsx';

hydratePage(MobileCompanyStatementsPage);
