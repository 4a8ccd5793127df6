import '../styles/base.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../features/compare/compare.css';
import '../styles/product-detail.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ProductDetailPage } from '../pages/product-detail-page.tsx';

hydratePage(ProductDetailPage);
