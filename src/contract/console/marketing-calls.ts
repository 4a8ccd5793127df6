import type { CouponDeskDetail, CouponDeskPage, MarketingSettings } from './marketing.ts';
import type { marketingDeskRequests } from './marketing-requests.ts';
import { staffCall } from '../staff-calls.ts';
import type { GridBulkResult } from '../staff-grid.ts';

type Requests = typeof marketingDeskRequests;
const readCoupon = { action: 'read', subject: 'Coupon' } as const;

/** /admin/api/marketing/…: 营销管理; every change audited. */
export const marketingDeskCalls = {
  list: staffCall<Requests['list'], CouponDeskPage>('/admin/api/marketing/list', readCoupon),
  detail: staffCall<Requests['detail'], CouponDeskDetail>('/admin/api/marketing/detail', readCoupon),
  create: staffCall<Requests['create'], CouponDeskDetail>('/admin/api/marketing/create', { action: 'create', subject: 'Coupon' }),
  update: staffCall<Requests['update'], CouponDeskDetail>('/admin/api/marketing/update', { action: 'update', subject: 'Coupon' }),
  /** Stops handing a coupon out; coupons already claimed stay valid. */
  stop: staffCall<Requests['stop'], CouponDeskDetail>('/admin/api/marketing/stop', { action: 'update', subject: 'Coupon' }),
  bulkStop: staffCall<Requests['bulkStop'], GridBulkResult>('/admin/api/marketing/bulkStop', { action: 'update', subject: 'Coupon' }),
  settings: staffCall<Requests['settings'], MarketingSettings>('/admin/api/marketing/settings', readCoupon),
  setInviteReward: staffCall<Requests['setInviteReward'], MarketingSettings>('/admin/api/marketing/setInviteReward', { action: 'update', subject: 'Coupon' }),
};
