import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/content-desk/content-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminContentHelpPage } from '../pages/content-help-page.tsx';

hydratePage(AdminContentHelpPage);
