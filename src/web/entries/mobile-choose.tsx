import '../styles/mobile.css';
import '../styles/mobile-list.css';
import '../styles/mobile-sheet.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileChoosePage } from '../pages/mobile-choose-page.tsx';

hydratePage(MobileChoosePage);
