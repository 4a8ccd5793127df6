import '../styles/base.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../styles/cart.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { SettlementPage } from '../pages/settlement-page.tsx';

hydratePage(SettlementPage);
