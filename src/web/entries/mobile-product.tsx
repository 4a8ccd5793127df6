import '../styles/mobile.css';
import '../styles/mobile-product.css';
import '../features/compare/mobile-compare-entry.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileProductPage } from '../pages/mobile-product-page.tsx';

hydratePage(MobileProductPage);
