import '../styles/mobile.css';
import '../styles/mobile-catalogue.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MobileCataloguePage } from '../pages/mobile-catalogue-page.tsx';

hydratePage(MobileCataloguePage);
