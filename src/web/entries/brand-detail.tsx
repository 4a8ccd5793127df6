import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../features/compare/compare.css';
import '../styles/brand.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { BrandDetailPage } from '../pages/brand-detail-page.tsx';

hydratePage(BrandDetailPage);
