import '../styles/base.css';
import '../features/help/help.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { HelpPage } from '../pages/help-page.tsx';

hydratePage(HelpPage);
