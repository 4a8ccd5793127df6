import '../styles/base.css';
import '../features/coupon/coupon.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { GiftPackPage } from '../pages/gift-pack-page.tsx';

hydratePage(GiftPackPage);
