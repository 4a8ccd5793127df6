import '../styles/mobile.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/mobile/buy/mobile-auth.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileLoginPage } from '../pages/mobile-login-page.tsx';

hydratePage(MobileLoginPage);
