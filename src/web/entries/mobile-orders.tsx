import '../styles/mobile.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/mobile/buy/mobile-orders.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileOrderListPage } from '../pages/mobile-order-list-page.tsx';

hydratePage(MobileOrderListPage);
