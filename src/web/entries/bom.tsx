import '../styles/base.css';
import '../styles/product.css';
import '../features/bom/bom.css';
import '../features/bom/bom-lines.css';
import '../features/purchase-list/save-as-list.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { BomPage } from '../pages/bom-page.tsx';

hydratePage(BomPage);
