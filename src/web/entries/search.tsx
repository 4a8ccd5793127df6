import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../features/compare/compare.css';
import '../styles/search.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { SearchPage } from '../pages/search-page.tsx';

hydratePage(SearchPage);
