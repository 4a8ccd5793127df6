/** One row per invitee whose inviter was credited (the first paid order); the invitee is the key. */
export interface InviteRewardsTable {
  inviteeId: number;
  inviterId: number;
  orderId: number;
  /** null: the configured reward template was missing when the reward was due. */
  memberCouponId: number | null;
  createdAt: number;
}

export interface InviteTables {
  inviteRewards: InviteRewardsTable;
}
