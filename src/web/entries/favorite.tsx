import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/product.css';
import '../styles/catalog.css';
import '../styles/person.css';
import '../features/favorite/favorite.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { FavoritePage } from '../pages/favorite-page.tsx';

hydratePage(FavoritePage);
