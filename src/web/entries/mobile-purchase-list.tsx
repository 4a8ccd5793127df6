import '../styles/mobile.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/purchase-list/purchase-list.css';
import '../features/purchase-list/mobile-purchase-list.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobilePurchaseListPage } from '../pages/mobile-purchase-list-page.tsx';

hydratePage(MobilePurchaseListPage);
