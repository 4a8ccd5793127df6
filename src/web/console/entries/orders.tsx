import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/order-desk/order-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminOrdersPage } from '../pages/orders-page.tsx';

hydratePage(AdminOrdersPage);
