import type { FeatureRegistration } from '../feature-registration.ts';
import { invitePages } from './invite.pages.ts';
import { configureInviteReward } from './invite.service.ts';

/** 邀请有礼: the /user/invite page; crediting runs in the payment's transaction (order-payment.service.ts). */
export const registerInviteFeature: FeatureRegistration = (_app, deps, pages) => {
  configureInviteReward({ templateName: deps.config.inviteRewardCoupon, minOrderCents: deps.config.inviteRewardMinOrderCents });
  pages.push(...invitePages(deps));
};
