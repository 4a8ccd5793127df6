import '../styles/base.css';
import '../styles/person.css';
import '../features/open-platform/open-platform.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ApiKeysPage } from '../pages/api-keys-page.tsx';

hydratePage(ApiKeysPage);
