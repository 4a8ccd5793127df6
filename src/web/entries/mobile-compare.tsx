import '../styles/mobile.css';
import '../features/mobile/buy/mobile-buy.css';
import '../features/compare/compare.css';
import '../features/compare/mobile-compare.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileComparePage } from '../pages/mobile-compare-page.tsx';

hydratePage(MobileComparePage);
