import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { couponMessages } from '../../../contract/coupon.ts';
import { couponCalls } from '../../../contract/coupon-calls.ts';
import { couponRequests } from '../../../contract/coupon-requests.ts';
import type { Database } from '../../db/database.ts';
import { registerCalls, WithMessage } from '../../http/api-route.ts';
import { claimCoupon } from './coupon.service.ts';

export function registerCouponRoutes(app: FastifyInstance, db: Kysely<Database>) {
  registerCalls(app, couponCalls, couponRequests, {
    claim: async ({ body, userId }) => new WithMessage(await claimCoupon(db, userId, body.templateId), couponMessages.claimed),
  });
}
