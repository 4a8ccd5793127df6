import '../../styles/base.css';
import '../../features/staff/admin.css';
import '../../features/quotation-desk/quotation-desk.css';
import { hydratePage } from '../../lib/hydrate-page.tsx';
import { AdminMarketingSettingsPage } from '../pages/marketing-settings-page.tsx';

hydratePage(AdminMarketingSettingsPage);
