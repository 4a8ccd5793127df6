import '../styles/base.css';
import '../styles/account.css';
import '../ui/stacked-field.css';
import '../features/contact/contact.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { ContactPage } from '../pages/contact-page.tsx';

hydratePage(ContactPage);
