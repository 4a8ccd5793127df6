import '../styles/base.css';
import '../styles/person.css';
import '../features/invite/invite.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { PersonPage } from '../pages/person-page.tsx';

hydratePage(PersonPage);
