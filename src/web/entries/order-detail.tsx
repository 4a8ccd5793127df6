import '../styles/base.css';
import '../styles/product.css';
import '../styles/person.css';
import '../features/invoice/invoice.css';
import '../features/order/order-lines.css';
import '../styles/orders.css';
import '../styles/order-detail.css';
import '../features/order/order-documents.css';
import '../features/purchase-list/save-as-list.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { OrderDetailPage } from '../pages/order-detail-page.tsx';

hydratePage(OrderDetailPage);
