import type { Generated } from 'kysely';
import type { AdPosition } from '../../../contract/content.ts';

/** Key/value site settings: landLine, phone, qq, qqKey, operateQrCode, icpText, copyright… */
export interface SiteConfigTable {
  key: string;
  value: string;
}

export interface HotLabelsTable {
  id: Generated<number>;
  keyword: string;
  url: string;
  sort: Generated<number>;
}

export interface FriendlyLinksTable {
  id: Generated<number>;
  linkName: string;
  linkUrl: string;
  sort: Generated<number>;
}

export interface AdsTable {
  adPosId: Generated<number>;
  position: AdPosition;
  isOpen: Generated<number>;
  openType: Generated<number>;
  /** Relative to qiniuImgAddress. */
  picFilePath: string;
  clickUrl: string;
  backgroundColor: Generated<string>;
  sort: Generated<number>;
}

export interface AdClosesTable {
  /** `u:{userId}` for members, `s:{sha256(sid)}` for visitors. */
  visitorKey: string;
  adPosId: number;
  /** Beijing calendar day, yyyy-MM-dd. */
  day: string;
  closedAt: number;
}

export interface ServiceRepsTable {
  id: Generated<number>;
  operatorName: string;
  operatorMobile: string;
  operatorPortraitUrl: Generated<string>;
  operatorQq: Generated<string>;
  operatorQqKey: Generated<string>;
  operatorWechat: Generated<string>;
  operateQrCode: Generated<string>;
  /** The sales-role staff account this rep is (migration 0043); null for a rep without a console account. */
  staffId: Generated<number | null>;
}

/** A member's dedicated representative; enableFlag turns the sidebar panel on. */
export interface UserServiceRepsTable {
  userId: number;
  repId: number;
  enableFlag: Generated<number>;
}

export interface ContentTables {
  siteConfig: SiteConfigTable;
  hotLabels: HotLabelsTable;
  friendlyLinks: FriendlyLinksTable;
  ads: AdsTable;
  adCloses: AdClosesTable;
  serviceReps: ServiceRepsTable;
  userServiceReps: UserServiceRepsTable;
}
