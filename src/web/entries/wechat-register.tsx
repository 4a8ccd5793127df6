import '../styles/base.css';
import '../styles/account.css';
import '../features/wechat/wechat.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { WechatRegisterPage } from '../pages/wechat-register-page.tsx';

hydratePage(WechatRegisterPage);
