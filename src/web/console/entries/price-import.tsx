import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/price-import/price-import.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminPriceImportPage } from '../pages/price-import-page.tsx';

hydratePage(AdminPriceImportPage);
