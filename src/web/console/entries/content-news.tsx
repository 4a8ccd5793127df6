import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/content-desk/content-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminContentNewsPage } from '../pages/content-news-page.tsx';

hydratePage(AdminContentNewsPage);
