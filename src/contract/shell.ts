import type { AdvertisingInfo, FooterData, HotLabel, SidebarInfo } from './content.ts';
import type { Message } from './message.ts';

/** The state every page's shell is rendered from (status bar, header, sidebar, footer). */
export interface ShellUser {
  isLogin: boolean;
  nickName: string;
  userNumber: string;
}

/** A second-level category of the mega-menu, with its product count. */
export interface CategorySecond {
  categoryId: number;
  categoryName: string;
  skuCount: number;
}

export interface CategoryFirst {
  categoryId: number;
  categoryName: string;
  categorySecondList: CategorySecond[];
}

/** Category group of spec §3: categoryGroupName and its first-level categories. */
export interface CategoryGroup {
  categoryGroupName: string;
  categoryList: CategoryFirst[];
}

/** Header data of spec §3. */
export interface HeaderData {
  /** The groups the mega-menu shows (the first 8). */
  categoryList: CategoryGroup[];
  hotLabelList: HotLabel[];
  /** The group list of the mega-menu is open without hovering (the home page). */
  showCategory: boolean;
  /** Unread BOM and offer messages. */
  bomMessageCount: number;
  isLogin: boolean;
  /** The initial cart number. */
  productCount: number;
  cartCount: number;
  /** The member's orders waiting for payment (待付款): the status bar's order links show it. */
  unpaidOrderCount: number;
}

/** The status bar's message link: unread count and the latest unread messages. */
export interface HeaderStatusInfo {
  unreadCount: number;
  messageList: Message[];
}

export interface ShellState {
  siteName: string;
  hotline: string;
  /** qiniuImgAddress: the prefix of image locations. */
  qiniuImgAddress: string;
  /** The Qiniu bucket's domain when Qiniu is configured: its pictures get srcsets through imageView2. */
  qiniuImageDomain?: string;
  user: ShellUser;
  /** Path and query of the page, for login links that come back here. */
  currentPath: string;
  headerData: HeaderData;
  headerStatusInfo: HeaderStatusInfo;
  footerData: FooterData;
  sidebarInfo: SidebarInfo;
  advertisingInfo: AdvertisingInfo;
  /** Phones only: the mobile site's home (?pc=0), offered as 手机版 by the desktop footer. */
  mobileSiteHref?: string;
}

/** What a page's loader hands to React: the shell plus the page's own data. */
export interface PageState<Data> {
  shell: ShellState;
  data: Data;
}

export const initialStateElementId = 'initial-state';
export const appRootElementId = 'app';
/** Set on the root element once the page has hydrated: journeys wait for it before using controls only scripts drive. */
export const hydratedAttribute = 'data-hydrated';

/** Spec §9 limits of the shell. */
export const shellLimits = {
  menuGroups: 8,
  menuColumnItems: 7,
  menuColumns: 3,
  menuNameLength: 9,
  dropdownMessages: 3,
  fixedHeaderScrollY: 270,
  backToTopScrollY: 600,
  scrollThrottleMs: 50,
  suggestionDebounceMs: 200,
  suggestionBlurHideMs: 200,
  searchHistorySize: 10,
} as const;
