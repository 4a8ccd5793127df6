import '../styles/mobile.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/mobile/buy/mobile-orders.css';
import '../features/order/order-documents.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileOrderDetailPage } from '../pages/mobile-order-detail-page.tsx';

hydratePage(MobileOrderDetailPage);
