import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../features/compare/compare.css';
import '../styles/zone.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { DiscountPage } from '../pages/discount-page.tsx';

hydratePage(DiscountPage);
