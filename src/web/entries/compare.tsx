import '../styles/base.css';
import '../styles/product.css';
import '../features/compare/compare.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ComparePage } from '../pages/compare-page.tsx';

hydratePage(ComparePage);
