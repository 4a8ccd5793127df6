import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/catalog-desk/catalog-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminProductEditPage } from '../pages/product-edit-page.tsx';

hydratePage(AdminProductEditPage);
