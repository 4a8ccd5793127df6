import '../styles/base.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ErrorPage } from '../pages/error-page.tsx';

hydratePage(ErrorPage);
