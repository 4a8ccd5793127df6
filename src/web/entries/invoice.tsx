import '../styles/base.css';
import '../styles/person.css';
import '../features/address/address.css';
import '../features/invoice/invoice.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { InvoicePage } from '../pages/invoice-page.tsx';

hydratePage(InvoicePage);
