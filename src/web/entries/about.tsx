import '../styles/base.css';
import '../styles/about.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { AboutPage } from '../pages/about-page.tsx';

hydratePage(AboutPage);
