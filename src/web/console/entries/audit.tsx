import '../../styles/base.css';
import '../../features/staff/admin.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminAuditPage } from '../pages/audit-page.tsx';

hydratePage(AdminAuditPage);
