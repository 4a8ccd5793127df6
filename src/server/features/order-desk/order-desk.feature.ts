import type { FeatureRegistration } from '../feature-registration.ts';
import { registerBackOrderDeskRoutes } from './backorder-desk.routes.ts';
import { orderDeskPages } from './order-desk.pages.ts';
import { registerComplaintDeskRoutes, registerInvoiceFileUpload, registerOrderDeskRoutes } from './order-desk.routes.ts';

/** 订单管理 and 售后服务 of the operations console (issue 14). */
export const registerOrderDeskFeature: FeatureRegistration = (app, deps, pages) => {
  registerOrderDeskRoutes(app, deps);
  registerComplaintDeskRoutes(app, deps);
  registerInvoiceFileUpload(app, deps);
  registerBackOrderDeskRoutes(app, deps);
  pages.push(...orderDeskPages(deps));
};
