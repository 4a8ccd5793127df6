import '../styles/base.css';
import '../styles/carousel.css';
import '../styles/register-box.css';
import '../styles/home.css';
import '../styles/home-sections.css';
import '../styles/home-showcase.css';
import '../styles/home-popups.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { HomePage } from '../pages/home-page.tsx';

hydratePage(HomePage);
