import '../styles/base.css';
import '../features/help/help.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { HelpSearchPage } from '../pages/help-search-page.tsx';

hydratePage(HelpSearchPage);
