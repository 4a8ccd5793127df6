import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/order-desk/order-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminComplaintsPage } from '../pages/complaints-page.tsx';

hydratePage(AdminComplaintsPage);
