import '../styles/mobile.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileHomePage } from '../pages/mobile-home-page.tsx';

hydratePage(MobileHomePage);
