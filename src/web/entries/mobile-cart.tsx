import '../styles/mobile.css';
import '../styles/mobile-sheet.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/mobile/buy/mobile-cart.css';
import '../features/quick-order/quick-order.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileCartPage } from '../pages/mobile-cart-page.tsx';

hydratePage(MobileCartPage);
