import { accountLimits, loginModes } from '../../../contract/account.ts';
import { ResultCode } from '../../../contract/envelope.ts';
import { mobileBuyPaths } from '../../../contract/mobile-buy.ts';
import { orderNoSchema } from '../../../contract/order-requests.ts';
import { quotationProblemPath } from '../../../contract/quotation.ts';
import { quotationRequests } from '../../../contract/quotation-requests.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page, type PageContext, type PageRedirect } from '../../ssr/page-registry.ts';
import { MobileCartPage } from '../../../web/pages/mobile-cart-page.tsx';
import { MobileLoginPage } from '../../../web/pages/mobile-login-page.tsx';
import { MobileOrderDetailPage } from '../../../web/pages/mobile-order-detail-page.tsx';
import { MobileOrderListPage } from '../../../web/pages/mobile-order-list-page.tsx';
import { MobilePayPage } from '../../../web/pages/mobile-pay-page.tsx';
import { MobilePersonPage } from '../../../web/pages/mobile-person-page.tsx';
import { MobileRegisterPage } from '../../../web/pages/mobile-register-page.tsx';
import { MobileSettlementPage } from '../../../web/pages/mobile-settlement-page.tsx';
import { loadCart } from '../cart/cart.service.ts';
import { loadSettlement } from '../order/checkout.service.ts';
import { listOrders, loadOrderDetail, parseOrderListQuery } from '../order/order.service.ts';
import { createPaymentProviders, loadCashier } from '../payment/payment.service.ts';
import { mobileLoginPath, mobileReturnPath } from './mobile-buy.service.ts';
import { loadMobileCompanyEntry, mayApproveOwnOrder } from './mobile-company.service.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { loadMemberOverview } from '../member/member-profile.service.ts';

const quotationIdSchema = quotationRequests.accept.shape.quotationId;

interface MobileBuySite {
  deps: ServiceDeps;
  basePath: string;
  /** The site's name with 手机版, for titles. */
  siteName: string;
  paths: ReturnType<typeof mobileBuyPaths>;
}

type PaymentContext = Parameters<typeof loadCashier>[0];

/** The member's id, or the redirect to the mobile login page that comes back here. */
function memberOrLogin(basePath: string, { userId, request }: PageContext): number | PageRedirect {
  return userId ?? { redirectTo: mobileLoginPath(basePath, request.url) };
}

/** The cart, for members. */
function mobileCartPage({ deps: { db }, basePath, siteName, paths }: MobileBuySite): Page {
  return definePage({
    path: paths.cart,
    entry: 'mobile-cart',
    component: MobileCartPage,
    async load(context) {
      const userId = memberOrLogin(basePath, context);
      if (typeof userId !== 'number') return userId;
      return {
        isNoIndex: true,
        title: `购物车 - ${siteName}`,
        description: `${siteName}购物车：按包装倍数调整数量，阶梯价格自动计算。`,
        data: { cart: await loadCart(db, userId), basePath },
      };
    },
  });
}

/** Login; a signed-in member goes back (unless finding a password). */
function mobileLoginPage({ deps: { config }, basePath, siteName, paths }: MobileBuySite): Page {
  return definePage({
    path: paths.login,
    entry: 'mobile-login',
    component: MobileLoginPage,
    async load({ query, userId }) {
      const returnPath = mobileReturnPath(query.return, basePath, paths.home);
      const mode = loginModes.find((candidate) => candidate === query.mode) ?? 'password';
      if (userId !== null && mode !== 'find') return { redirectTo: returnPath };
      return {
        isNoIndex: true,
        title: `登录 - ${siteName}`,
        description: `手机登录${config.siteName}，随时随地采购电子元器件。`,
        data: { returnPath, mode, basePath },
      };
    },
  });
}

/** Registration, with the inviter a shared link brings. */
function mobileRegisterPage({ deps: { config }, basePath, siteName, paths }: MobileBuySite): Page {
  return definePage({
    path: paths.register,
    entry: 'mobile-register',
    component: MobileRegisterPage,
    async load({ query, userId }) {
      const returnPath = mobileReturnPath(query.return, basePath, paths.person);
      if (userId !== null) return { redirectTo: returnPath };
      const inviter = (query.inviter ?? '').trim().slice(0, accountLimits.inviter);
      return {
        isNoIndex: true,
        title: `注册 - ${siteName}`,
        description: `用手机注册${config.siteName}会员，领取新人礼包。`,
        data: { returnPath, inviter, basePath },
      };
    },
  });
}

/** The member centre, from the desktop overview's data. */
function mobilePersonPage({ deps, basePath, siteName, paths }: MobileBuySite): Page {
  return definePage({
    path: paths.person,
    entry: 'mobile-person',
    component: MobilePersonPage,
    async load(context) {
      const userId = memberOrLogin(basePath, context);
      if (typeof userId !== 'number') return userId;
      const overview = await loadMemberOverview(deps, userId, publicOriginOf(deps.config, context.request));
      if (!overview) return { redirectTo: mobileLoginPath(basePath, context.request.url) };
      const company = await loadMobileCompanyEntry(deps.db, userId);
      return {
        isNoIndex: true,
        title: `会员中心 - ${siteName}`,
        description: `${siteName}会员中心：订单、消息与账户。`,
        data: { overview, company, basePath },
      };
    },
  });
}

/** The member's orders by status. */
function mobileOrderListPage({ deps: { db }, basePath, siteName, paths }: MobileBuySite): Page {
  return definePage({
    path: paths.orderList,
    entry: 'mobile-orders',
    component: MobileOrderListPage,
    async load(context) {
      const userId = memberOrLogin(basePath, context);
      if (typeof userId !== 'number') return userId;
      // ?tab= is the mobile name of the desktop's ?status= (which a redirected phone brings along).
      const query = { ...context.query, status: context.query.tab ?? context.query.status };
      return {
        isNoIndex: true,
        title: `我的订单 - ${siteName}`,
        description: `${siteName}订单：按状态查看与支付。`,
        data: { list: await listOrders(db, userId, parseOrderListQuery(query)), basePath },
      };
    },
  });
}

/** The order number of an order's address (detail, cashier); a malformed one is a 404. */
function orderNoOf(context: PageContext): string {
  const orderNo = orderNoSchema.safeParse(context.params.orderNo);
  if (!orderNo.success) throw notFound();
  return orderNo.data;
}

/** One of the member's orders. */
function mobileOrderDetailPage({ deps: { db }, basePath, siteName, paths }: MobileBuySite): Page {
  return definePage({
    path: `${paths.orderList.replace(/\/list$/, '')}/detail/:orderNo`,
    entry: 'mobile-order-detail',
    component: MobileOrderDetailPage,
    async load(context) {
      const userId = memberOrLogin(basePath, context);
      if (typeof userId !== 'number') return userId;
      const orderNo = orderNoOf(context);
      const order = await loadOrderDetail(db, userId, orderNo);
      return {
        isNoIndex: true,
        title: `订单详情 ${orderNo} - ${siteName}`,
        description: `${siteName}订单${orderNo}的状态、物流与明细。`,
        data: { order, mayApprove: await mayApproveOwnOrder(db, userId, order), basePath },
      };
    },
  });
}

/** The checkout of the cart's selected lines or an accepted offer. */
function mobileSettlementPage({ deps: { db, config }, basePath, siteName, paths }: MobileBuySite): Page {
  return definePage({
    path: paths.settlement,
    entry: 'mobile-settlement',
    component: MobileSettlementPage,
    async load(context) {
      const userId = memberOrLogin(basePath, context);
      if (typeof userId !== 'number') return userId;
      const { query } = context;
      const quotationId = query.quotationId === undefined ? undefined : quotationIdSchema.safeParse(query.quotationId);
      if (quotationId && !quotationId.success) throw notFound();
      try {
        const settlement = await loadSettlement(db, config.orders, userId, Date.now(), quotationId?.data);
        return {
          isNoIndex: true,
          title: `确认订单 - ${siteName}`,
          description: `${siteName}确认订单：地址、发票、配送与优惠券。`,
          data: { settlement, basePath },
        };
      } catch (error) {
        // An offer that cannot be checked out: the (desktop) quotation list says why, as on the desktop.
        if (!(error instanceof AppError) || error.code === ResultCode.notFound || !error.errorCode.startsWith('quotation.')) throw error;
        return { redirectTo: quotationProblemPath(error.errorCode) };
      }
    },
  });
}

/** The cashier of one of the member's orders. */
function mobilePayPage({ basePath, siteName, paths }: MobileBuySite, paymentContext: PaymentContext): Page {
  return definePage({
    path: `${paths.settlement.replace(/\/settlement$/, '')}/pay/:orderNo`,
    entry: 'mobile-pay',
    component: MobilePayPage,
    async load(context) {
      const userId = memberOrLogin(basePath, context);
      if (typeof userId !== 'number') return userId;
      return {
        isNoIndex: true,
        title: `收银台 - ${siteName}`,
        description: `${siteName}收银台：选择支付方式完成付款。`,
        data: { cashier: await loadCashier(paymentContext, userId, orderNoOf(context)), basePath },
      };
    },
  });
}

/**
 * The buying half of the mobile site: the same services and data as the desktop pages (the
 * checkout prices through the same service, so both charge the same to the fen), phone layouts.
 * Members-only pages send visitors to the mobile login page, which brings them back.
 */
export function mobileBuyPages(deps: ServiceDeps, basePath: string): Page[] {
  const { config } = deps;
  const site: MobileBuySite = { deps, basePath, siteName: `${config.siteName}手机版`, paths: mobileBuyPaths(basePath) };
  const paymentContext = { ...deps, providers: createPaymentProviders(config.payments) };
  return [
    mobileCartPage(site),
    mobileLoginPage(site),
    mobileRegisterPage(site),
    mobilePersonPage(site),
    mobileOrderListPage(site),
    mobileOrderDetailPage(site),
    mobileSettlementPage(site),
    mobilePayPage(site, paymentContext),
  ];
}
