import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/dashboard/dashboard.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminHomePage } from '../pages/home-page.tsx';

hydratePage(AdminHomePage);
