import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/product.css';
import '../styles/person.css';
import '../styles/orders.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { OrderListPage } from '../pages/order-list-page.tsx';

hydratePage(OrderListPage);
