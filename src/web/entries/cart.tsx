import '../styles/base.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../styles/cart.css';
import '../features/purchase-list/save-as-list.css';
import '../features/quick-order/quick-order.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CartPage } from '../pages/cart-page.tsx';

hydratePage(CartPage);
