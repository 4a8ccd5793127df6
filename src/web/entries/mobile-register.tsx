import '../styles/mobile.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/mobile/buy/mobile-auth.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileRegisterPage } from '../pages/mobile-register-page.tsx';

hydratePage(MobileRegisterPage);
