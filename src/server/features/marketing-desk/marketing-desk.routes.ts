import type { FastifyInstance } from 'fastify';
import { marketingDeskMessages, marketingDeskPaths, type CouponDeskRow } from '../../../contract/console/marketing.ts';
import { marketingDeskCalls } from '../../../contract/console/marketing-calls.ts';
import { marketingDeskRequests } from '../../../contract/console/marketing-requests.ts';
import { WithMessage } from '../../http/api-route.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { registerStaffExport, type StaffExportColumn } from '../staff/grid-query.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import {
  bulkStopCoupons,
  createCoupon,
  exportCouponDesk,
  listCouponDesk,
  loadCouponDeskDetail,
  loadMarketingSettings,
  setInviteReward,
  stopCoupon,
  updateCoupon,
  type MarketingDeskDeps,
} from './marketing-desk.service.ts';

const couponExportColumns: StaffExportColumn<CouponDeskRow>[] = [
  { header: '编号', value: (row) => row.id },
  { header: '名称', value: (row) => row.name },
  { header: '优惠', value: (row) => `${row.kindLabel} ${row.offerText}` },
  { header: '使用范围', value: (row) => row.scopeText },
  { header: '状态', value: (row) => row.stateLabel },
  { header: '已领', value: (row) => row.claimedCount },
  { header: '总量', value: (row) => row.totalStock ?? '不限' },
  { header: '每人限领', value: (row) => row.perMemberLimit },
  { header: '有效期', value: (row) => row.validityText },
  { header: '领取时间', value: (row) => row.claimWindowText },
  { header: '创建时间', value: (row) => row.createdAtStr },
];

export function marketingDeskDepsOf(deps: FeatureDeps): MarketingDeskDeps {
  return { db: deps.db, configuredRewardName: deps.config.inviteRewardCoupon };
}

/** 营销管理: the content role (manage Coupon) and administrators; every change audited. */
export function registerMarketingDeskRoutes(app: FastifyInstance, featureDeps: FeatureDeps) {
  const deps = marketingDeskDepsOf(featureDeps);
  registerStaffCalls(app, marketingDeskCalls, marketingDeskRequests, {
    list: ({ body }) => listCouponDesk(deps, body),
    detail: ({ body }) => loadCouponDeskDetail(deps, body.templateId),
    async create({ body, actor }) {
      return new WithMessage(await createCoupon(deps, actor, body), marketingDeskMessages.created);
    },
    async update({ body, actor }) {
      return new WithMessage(await updateCoupon(deps, actor, body), marketingDeskMessages.saved);
    },
    bulkStop: ({ body, actor }) => bulkStopCoupons(deps, actor, body.templateIds),
    async stop({ body, actor }) {
      return new WithMessage(await stopCoupon(deps, actor, body.templateId), marketingDeskMessages.stopped);
    },
    settings: () => loadMarketingSettings(deps),
    async setInviteReward({ body, actor }) {
      return new WithMessage(await setInviteReward(deps, actor, body.templateId), marketingDeskMessages.settingsSaved);
    },
  });
  registerStaffExport(app, {
    path: marketingDeskPaths.export,
    permission: { action: 'export', subject: 'Coupon' },
    schema: marketingDeskRequests.list,
    fileName: '优惠券列表',
    columns: couponExportColumns,
    load: (query) => exportCouponDesk(deps, query),
  });
}
