import '../styles/mobile.css';
import '../styles/mobile-sheet.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/mobile/buy/mobile-orders.css';
import '../features/company-account/mobile-company.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileCompanyOrdersPage } from '../features/company-account/mobile-company-orders-page.tsx';

hydratePage(MobileCompanyOrdersPage);
