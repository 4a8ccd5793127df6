import '../styles/mobile.css';
import '../styles/mobile-sheet.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/mobile/bom/mobile-bom.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileBomPage } from '../pages/mobile-bom-page.tsx';

hydratePage(MobileBomPage);
