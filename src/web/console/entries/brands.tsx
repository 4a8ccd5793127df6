import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/taxonomy-desk/taxonomy-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminBrandsPage } from '../pages/brands-page.tsx';

hydratePage(AdminBrandsPage);
