import '../styles/base.css';
import '../styles/product.css';
import '../features/address/address.css';
import '../features/invoice/invoice.css';
import '../features/coupon/coupon.css';
import '../features/order/order-lines.css';
import '../styles/settlement.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { SettlementPage } from '../pages/settlement-page.tsx';

hydratePage(SettlementPage);
