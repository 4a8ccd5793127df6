import { sql } from 'kysely';
import type { MigrationFactory } from './migration-helpers.ts';

const day = 86_400_000;

/**
 * Invitations (issue 12, 邀请有礼). users.inviter (since 0002) names the inviter by user number;
 * it is indexed here so an inviter's list of invitees is one range read. invite_rewards: one row
 * per invitee once the inviter was credited for the invitee's first paid order; the invitee is the
 * key, so a second paid order or two payments at once credit once. The reward coupon 邀请奖励
 * 满200减20 (INVITE_REWARD_COUPON names the template) is part of the store, not demo data.
 */
export const invitesMigration: MigrationFactory = () => ({
  async up(db) {
    await db.schema.createIndex('users_inviter').on('users').column('inviter').execute();
    await db.schema
      .createTable('invite_rewards')
      .addColumn('invitee_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull())
      // null: the configured template did not exist when the reward was due (the message says so).
      .addColumn('member_coupon_id', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      // An inviter registered before the invitee: no one invites themselves, and no chain of invitations closes a loop.
      .addCheckConstraint('invite_rewards_order', sql`inviter_id < invitee_id`)
      .execute();
    await db.schema.createIndex('invite_rewards_inviter').on('invite_rewards').columns(['inviter_id', 'created_at']).execute();

    const now = Date.now();
    await db
      .insertInto('coupon_templates')
      .values({
        name: '邀请奖励 满200减20',
        kind: 'goods',
        face_value_cents: 2_000,
        threshold_cents: 20_000,
        scope: 'all',
        valid_days: 30,
        claim_from: now - day,
        per_member_limit: 1,
        is_in_centre: 0,
        is_new_member_pack: 0,
        sort: 0,
        created_at: now,
      })
      .execute();
  },
});
