import '../styles/base.css';
import '../features/staff/admin.css';
import '../features/taxonomy-desk/taxonomy-desk.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { AdminCategoriesPage } from '../pages/admin-categories-page.tsx';

hydratePage(AdminCategoriesPage);
