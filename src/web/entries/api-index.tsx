import '../styles/base.css';
import '../features/open-platform/open-platform.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ApiIndexPage } from '../pages/api-index-page.tsx';

hydratePage(ApiIndexPage);
