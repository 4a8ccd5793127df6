import '../styles/base.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../styles/catalogue.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CataloguePage } from '../pages/catalogue-page.tsx';

hydratePage(CataloguePage);
