import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/member-desk/member-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminContactMessagesPage } from '../pages/contact-messages-page.tsx';

hydratePage(AdminContactMessagesPage);
