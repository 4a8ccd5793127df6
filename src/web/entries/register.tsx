import '../styles/base.css';
import '../styles/account.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { RegisterPage } from '../pages/register-page.tsx';

hydratePage(RegisterPage);
