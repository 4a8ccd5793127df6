import '../styles/base.css';
import '../styles/person.css';
import '../features/address/address.css';
import '../features/wechat/wechat.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { SecurityPage } from '../pages/security-page.tsx';

hydratePage(SecurityPage);
