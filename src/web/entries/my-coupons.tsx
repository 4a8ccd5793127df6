import '../styles/base.css';
import '../ui/pagination.css';
import '../styles/person.css';
import '../features/coupon/coupon.css';
import { hydratePage } from '../lib/hydrate-page.tsx';
import { MyCouponsPage } from '../pages/my-coupons-page.tsx';

hydratePage(MyCouponsPage);
