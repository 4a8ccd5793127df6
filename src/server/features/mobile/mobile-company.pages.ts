import { companyOrderFilters, type CompanyOrderFilter } from '../../../contract/order-approval.ts';
import { mobileCompanyPaths } from '../../../contract/mobile-company.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page, type PageContext, type PageRedirect } from '../../ssr/page-registry.ts';
import { MobileCompanyOrdersPage } from '../../../web/features/company-account/mobile-company-orders-page.tsx';
import { MobileCompanyStatementsPage } from '../../../web/features/company-credit/mobile-company-statements-page.tsx';
import { loadStatementsPage } from '../company-credit/company-credit.service.ts';
import { loadCompanyOrders } from '../order/order-company.service.ts';
import { mobileLoginPath } from './mobile-buy.service.ts';

/** The member's id, or the mobile login page that comes back here. */
function memberOrLogin(basePath: string, { userId, request }: PageContext): number | PageRedirect {
  return userId ?? { redirectTo: mobileLoginPath(basePath, request.url) };
}

/** The desktop's reading of ?filter= and ?page= (order-company.pages.ts): anything unknown is the first page of all. */
function listingOf(query: Readonly<Record<string, string | undefined>>): { filter: CompanyOrderFilter; page: number } {
  const page = Number(query.page);
  return {
    filter: companyOrderFilters.find((filter) => filter === query.filter) ?? 'all',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/**
 * The company on a phone: /m/user/company/orders (公司订单, 待审批 with 批准/驳回) and
 * /m/user/company/statements (月结 and 对账单), the desktop pages' services and their refusals, in the
 * mobile frame; a visitor logs in on the mobile site and comes back.
 */
export function mobileCompanyPages({ db, config }: ServiceDeps, basePath: string): Page[] {
  const siteName = `${config.siteName}手机版`;
  const paths = mobileCompanyPaths(basePath);
  return [
    definePage({
      path: paths.orders,
      entry: 'mobile-company-orders',
      component: MobileCompanyOrdersPage,
      async load(context) {
        const userId = memberOrLogin(basePath, context);
        if (typeof userId !== 'number') return userId;
        return {
          isNoIndex: true,
          title: `公司订单 - ${siteName}`,
          description: `${siteName}企业账户：企业成员的订单与审批。`,
          data: { ...(await loadCompanyOrders(db, userId, listingOf(context.query))), basePath },
        };
      },
    }),
    definePage({
      path: paths.statements,
      entry: 'mobile-company-statements',
      component: MobileCompanyStatementsPage,
      async load(context) {
        const userId = memberOrLogin(basePath, context);
        if (typeof userId !== 'number') return userId;
        return {
          isNoIndex: true,
          title: `对账单 - ${siteName}`,
          description: `${siteName}企业月结：额度、账期与每月对账单。`,
          data: { ...(await loadStatementsPage(db, userId, Date.now())), basePath },
        };
      },
    }),
  ];
}
