import '../styles/base.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../styles/cart.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CartPage } from '../pages/cart-page.tsx';

hydratePage(CartPage);
