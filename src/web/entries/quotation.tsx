import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/person.css';
import '../features/quotation/quotation.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { QuotationPage } from '../pages/quotation-page.tsx';

hydratePage(QuotationPage);
