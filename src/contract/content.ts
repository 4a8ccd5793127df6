// Shell content shared by server and browser; kept free of zod so the shell's bundle stays small (schemas: content-requests.ts).
import { ResultCode } from './envelope.ts';
import { defineErrors, requestErrors } from './errors.ts';

/** Where an advertisement sits: the banner above the status bar, the sidebar's fixed ad, the home pop-up. */
export const adPositions = ['top', 'sidebar', 'popup'] as const;
export type AdPosition = (typeof adPositions)[number];

/** Advertising info / pop-up ad of spec §3. picFilePath is relative to qiniuImgAddress. */
export interface Ad {
  adPosId: number;
  isOpen: boolean;
  /** Set: the click opens in the same window; unset: in a new window. */
  openType: boolean;
  picFilePath: string;
  clickUrl: string;
  backgroundColor: string;
}

/** The ads this visitor still sees today; null where the position has none or it was closed. */
export interface AdvertisingInfo {
  top: Ad | null;
  sidebar: Ad | null;
  popup: Ad | null;
}

export const contentMessages = {
  adIdInvalid: '广告编号有误',
  pictureMissing: '图片不存在',
} as const;

/** Failures of the shell content calls: errorCode `ad.<key>`. */
export const contentErrors = defineErrors('ad', {
  notFound: { code: ResultCode.notFound, msg: '广告不存在' },
  /** One visitor closing ads faster than anyone clicks (closesPerMinute). */
  tooManyCloses: { code: ResultCode.tooManyRequests, msg: requestErrors.tooFrequent.msg },
});

export interface HotLabel {
  keyword: string;
  url: string;
}

export interface FriendlyLink {
  linkName: string;
  linkUrl: string;
}

/** Config info of spec §3: the store's contact channels. */
export interface ConfigInfo {
  landLine: string;
  phone: string;
  qq: string;
  /** The QQ key, for the QQ contact link. */
  key: string;
  /** The official WeChat QR picture, relative to qiniuImgAddress. */
  operateQrCode: string;
}

/** The member's dedicated sales representative (spec §3 service info). */
export interface ServiceInfo {
  enableFlag: boolean;
  operatorName: string;
  operatorMobile: string;
  operatorPortraitUrl: string;
  operatorQq: string;
  operatorQqKey: string;
  operatorWechat: string;
  operateQrCode: string;
}

export interface HelpLink {
  title: string;
  url: string;
}

export interface HelpColumn {
  title: string;
  links: HelpLink[];
}

export interface FooterData {
  helpColumns: HelpColumn[];
  friendlyLinks: FriendlyLink[];
  hotline: string;
  /** 周一至周六 9:00-18:00 */
  hours: string;
  icpText: string;
  copyright: string;
}

export interface SidebarInfo {
  configInfo: ConfigInfo;
  /** Present only for a member who has a representative assigned. */
  serviceInfo: ServiceInfo | null;
}

/** An image location: absolute URLs and root paths as they are, others under qiniuImgAddress. */
export function imageUrl(qiniuImgAddress: string, path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/')) return path;
  return `${qiniuImgAddress}${path}`;
}
