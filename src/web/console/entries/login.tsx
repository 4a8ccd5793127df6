import '../../styles/base.css';
import '../../features/staff/admin.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminLoginPage } from '../pages/login-page.tsx';

hydratePage(AdminLoginPage);
