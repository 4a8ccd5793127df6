import '../styles/base.css';
import '../features/staff/admin.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { AdminPriceImportPage } from '../pages/admin-price-import-page.tsx';

hydratePage(AdminPriceImportPage);
