import '../../styles/base.css';
import '../../features/staff/admin.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminStaffPage } from '../pages/staff-page.tsx';

hydratePage(AdminStaffPage);
