import '../styles/base.css';
import '../styles/product.css';
import '../styles/person.css';
import '../features/purchase-list/purchase-list.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { PurchaseListPage } from '../pages/purchase-list-page.tsx';

hydratePage(PurchaseListPage);
