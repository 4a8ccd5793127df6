import '../styles/mobile.css';
import '../styles/mobile-list.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileSearchPage } from '../pages/mobile-search-page.tsx';

hydratePage(MobileSearchPage);
