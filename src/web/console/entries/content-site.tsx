import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/content-desk/content-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminContentSitePage } from '../pages/content-site-page.tsx';

hydratePage(AdminContentSitePage);
