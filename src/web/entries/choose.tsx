import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../features/compare/compare.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ChoosePage } from '../pages/choose-page.tsx';

hydratePage(ChoosePage);
