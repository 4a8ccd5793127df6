import '../styles/base.css';
import '../styles/product.css';
import '../styles/person.css';
import '../features/purchase-list/save-as-list.css';
import '../features/purchase-list/purchase-list.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { PurchaseListsPage } from '../pages/purchase-lists-page.tsx';

hydratePage(PurchaseListsPage);
