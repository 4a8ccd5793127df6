import type { FastifyInstance, FastifyRequest } from 'fastify';
import { marketingDeskMessages } from '../../../contract/admin-marketing.ts';
import { marketingDeskCalls } from '../../../contract/admin-marketing-calls.ts';
import { marketingDeskRequests } from '../../../contract/admin-marketing-requests.ts';
import { staffErrors, type StaffIdentity } from '../../../contract/staff.ts';
import { WithMessage } from '../../http/api-route.ts';
import { AppError } from '../../http/app-error.ts';
import type { FeatureDeps } from '../feature-registration.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import {
  createCoupon,
  listCouponDesk,
  loadCouponDeskDetail,
  loadMarketingSettings,
  setInviteReward,
  stopCoupon,
  updateCoupon,
  type MarketingDeskDeps,
  type StaffActor,
} from './marketing-desk.service.ts';

function actorOf(staff: StaffIdentity | null, request: FastifyRequest): StaffActor {
  if (!staff) throw new AppError(staffErrors.loginRequired);
  return { staff, ip: request.ip };
}

export function marketingDeskDepsOf(deps: FeatureDeps): MarketingDeskDeps {
  return { db: deps.db, configuredRewardName: deps.config.inviteRewardCoupon };
}

/** 营销管理: the content role (manage Coupon) and administrators; every change audited. */
export function registerMarketingDeskRoutes(app: FastifyInstance, featureDeps: FeatureDeps) {
  const deps = marketingDeskDepsOf(featureDeps);
  registerStaffCalls(app, featureDeps, marketingDeskCalls, marketingDeskRequests, {
    list: ({ body }) => listCouponDesk(deps, body),
    detail: ({ body }) => loadCouponDeskDetail(deps, body.templateId),
    async create({ body, staff, request }) {
      return new WithMessage(await createCoupon(deps, actorOf(staff, request), body), marketingDeskMessages.created);
    },
    async update({ body, staff, request }) {
      return new WithMessage(await updateCoupon(deps, actorOf(staff, request), body), marketingDeskMessages.saved);
    },
    async stop({ body, staff, request }) {
      return new WithMessage(await stopCoupon(deps, actorOf(staff, request), body.templateId), marketingDeskMessages.stopped);
    },
    settings: () => loadMarketingSettings(deps),
    async setInviteReward({ body, staff, request }) {
      return new WithMessage(await setInviteReward(deps, actorOf(staff, request), body.templateId), marketingDeskMessages.settingsSaved);
    },
  });
}
