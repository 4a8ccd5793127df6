import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/quotation-desk/quotation-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminQuotationDetailPage } from '../pages/quotation-detail-page.tsx';

hydratePage(AdminQuotationDetailPage);
