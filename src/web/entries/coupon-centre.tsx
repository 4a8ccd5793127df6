import '../styles/base.css';
import '../features/coupon/coupon.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { CouponCentrePage } from '../pages/coupon-centre-page.tsx';

hydratePage(CouponCentrePage);
