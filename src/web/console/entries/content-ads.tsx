import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/content-desk/content-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminContentAdsPage } from '../pages/content-ads-page.tsx';

hydratePage(AdminContentAdsPage);
