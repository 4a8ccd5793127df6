import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/quotation-desk/quotation-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminCouponEditPage } from '../pages/coupon-edit-page.tsx';

hydratePage(AdminCouponEditPage);
