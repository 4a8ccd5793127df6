import '../styles/base.css';
import '../styles/product.css';
import '../styles/settlement.css';
import '../features/payment/cashier.css';
import '../features/company-credit/company-credit.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CashierPage } from '../pages/cashier-page.tsx';

hydratePage(CashierPage);
