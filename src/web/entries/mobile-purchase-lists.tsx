import '../styles/mobile.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/purchase-list/save-as-list.css';
import '../features/purchase-list/mobile-purchase-list.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobilePurchaseListsPage } from '../pages/mobile-purchase-lists-page.tsx';

hydratePage(MobilePurchaseListsPage);
