import '../styles/mobile.css';
import '../features/address/address.css';
import '../features/invoice/invoice.css';
import '../features/coupon/coupon.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/mobile/buy/mobile-checkout.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileSettlementPage } from '../pages/mobile-settlement-page.tsx';

hydratePage(MobileSettlementPage);
