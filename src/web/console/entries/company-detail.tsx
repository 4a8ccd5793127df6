import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/company-desk/company-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminCompanyDetailPage } from '../pages/company-detail-page.tsx';

hydratePage(AdminCompanyDetailPage);
