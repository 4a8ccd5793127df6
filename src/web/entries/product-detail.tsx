import '../styles/base.css';
import '../styles/product.css';
import '../styles/catalog.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ProductDetailPage } from '../pages/product-detail-page.tsx';

hydratePage(ProductDetailPage);
