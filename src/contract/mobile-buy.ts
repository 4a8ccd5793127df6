import type { LoginMode } from './account.ts';
import type { BomPageData } from './bom.ts';
import type { CartSummary } from './cart.ts';
import type { OrderDetail, OrderListData, SettlementData } from './order.ts';
import type { CashierData } from './payment.ts';
import type { MemberOverview } from './member.ts';
import type { MobileCompanyEntry } from './mobile-company.ts';

/**
 * The buying half of the mobile site (spec §1): cart, login, registration, member centre, orders,
 * checkout, cashier and the BOM tool under the mobile prefix. Each page's data carries `basePath` (e.g. /m) so
 * its links stay on the mobile site.
 */
export interface MobileBasePath {
  /** Where the mobile pages live, e.g. /m. */
  basePath: string;
}

export interface MobileCartData extends MobileBasePath {
  cart: CartSummary;
}

export interface MobileLoginData extends MobileBasePath {
  /** Where to go after login: a same-site path, a mobile one when the mobile page has one. */
  returnPath: string;
  mode: LoginMode;
}

export interface MobileRegisterData extends MobileBasePath {
  returnPath: string;
  /** The `inviter` of the page query, '' when absent. */
  inviter: string;
}

/** The desktop overview's data (features/member), shown in one column. */
export interface MobilePersonData extends MobileBasePath {
  overview: MemberOverview;
  /** 企业: shown to company members only (null otherwise). */
  company: MobileCompanyEntry | null;
}

export interface MobileOrderListData extends MobileBasePath {
  list: OrderListData;
}

export interface MobileOrderDetailData extends MobileBasePath {
  order: OrderDetail;
  /** The viewer may 批准/驳回 this order while it is 待审批 (their role in the order's company). */
  mayApprove: boolean;
}

export interface MobileSettlementData extends MobileBasePath {
  settlement: SettlementData;
}

export interface MobileCashierData extends MobileBasePath {
  cashier: CashierData;
}

/** /m/bom: the desktop BOM tool's data (a saved BOM when opened with ?id=N). */
export interface MobileBomData extends MobileBasePath, BomPageData {}

/** The mobile pages of the buying path, under a base path such as /m. */
export function mobileBuyPaths(basePath: string) {
  return {
    home: basePath,
    cart: `${basePath}/cart`,
    login: `${basePath}/account/login`,
    register: `${basePath}/account/register`,
    person: `${basePath}/user/person`,
    orderList: `${basePath}/user/order/list`,
    orderDetail: (orderNo: string) => `${basePath}/user/order/detail/${orderNo}`,
    settlement: `${basePath}/offer/settlement`,
    pay: (orderNo: string) => `${basePath}/offer/pay/${orderNo}`,
    bom: `${basePath}/bom`,
  };
}

/** A mobile page's address with its query (parameters left out when undefined or ''). */
export function withMobileQuery(path: string, parameters: Record<string, string | number | null | undefined>): string {
  const pairs = Object.entries(parameters).flatMap(([name, value]) =>
    value === undefined || value === null || value === '' ? [] : [`${name}=${encodeURIComponent(String(value))}`],
  );
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}
