import '../styles/base.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { BomPage } from '../pages/bom-page.tsx';

hydratePage(BomPage);
