import '../styles/base.css';
import '../styles/account.css';
import '../features/wechat/wechat.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { LoginPage } from '../pages/login-page.tsx';

hydratePage(LoginPage);
