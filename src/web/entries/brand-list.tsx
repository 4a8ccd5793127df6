import '../styles/base.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../styles/brand.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { BrandListPage } from '../pages/brand-list-page.tsx';

hydratePage(BrandListPage);
