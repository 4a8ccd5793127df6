/** A member's WeChat: one unionid per member and one member per unionid (migration 0029). */
export interface WechatBindingsTable {
  userId: number;
  unionid: string;
  openid: string;
  nickname: string;
  headImgUrl: string;
  boundAt: number;
}

/** A QR connect state as issued: sha256 of the state, of the browser's sid; used once. */
export interface WechatStatesTable {
  stateHash: string;
  sidHash: string;
  purpose: string;
  userId: number | null;
  returnPath: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** A scanned WeChat identity with no member yet, held for the browser session that scanned. */
export interface WechatPendingTable {
  sidHash: string;
  unionid: string;
  openid: string;
  nickname: string;
  headImgUrl: string;
  returnPath: string;
  expiresAt: number;
}

export interface WechatUsedCodesTable {
  codeHash: string;
  usedAt: number;
}

export interface WechatTables {
  wechatBindings: WechatBindingsTable;
  wechatStates: WechatStatesTable;
  wechatPending: WechatPendingTable;
  wechatUsedCodes: WechatUsedCodesTable;
}
