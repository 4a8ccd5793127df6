import '../styles/base.css';
import '../styles/clause.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ClausePage } from '../pages/clause-page.tsx';

hydratePage(ClausePage);
