import '../styles/mobile.css';
import '../features/payment/cashier.css';
import '../features/company-credit/company-credit.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/mobile/buy/mobile-orders.css';
import '../features/mobile/buy/mobile-checkout.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobilePayPage } from '../pages/mobile-pay-page.tsx';

hydratePage(MobilePayPage);
