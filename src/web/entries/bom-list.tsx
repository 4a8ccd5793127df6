import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/product.css';
import '../styles/person.css';
import '../styles/orders.css';
import '../features/bom/bom-list.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { BomListPage } from '../pages/bom-list-page.tsx';

hydratePage(BomListPage);
