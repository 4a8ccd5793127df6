import '../styles/base.css';
import '../styles/person.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { PersonPage } from '../pages/person-page.tsx';

hydratePage(PersonPage);
