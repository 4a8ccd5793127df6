import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/member-desk/member-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminMembersPage } from '../pages/members-page.tsx';

hydratePage(AdminMembersPage);
