import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/catalog-desk/catalog-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminProductsPage } from '../pages/products-page.tsx';

hydratePage(AdminProductsPage);
