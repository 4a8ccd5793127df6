import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/order-desk/order-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminOrderDetailPage } from '../pages/order-detail-page.tsx';

hydratePage(AdminOrderDetailPage);
