import type { FeatureRegistration } from './feature-registration.ts';
import { registerAccountFeature } from './account/account.feature.ts';
import { registerContentFeature } from './content/content.feature.ts';
import { registerMessageFeature } from './message/message.feature.ts';
import { registerCatalogFeature } from './catalog/catalog.feature.ts';
import { registerBrandFeature } from './brand/brand.feature.ts';
import { registerCartFeature } from './cart/cart.feature.ts';
import { registerFavoriteFeature } from './favorite/favorite.feature.ts';
import { registerHomeFeature } from './home/home.feature.ts';
import { registerNewsFeature } from './news/news.feature.ts';
import { registerMobileFeature } from './mobile/mobile.feature.ts';
import { registerSearchFeature } from './search/search.feature.ts';
import { registerImagesFeature } from './images/images.feature.ts';
import { registerAddressFeature } from './address/address.feature.ts';
import { registerInvoiceFeature } from './invoice/invoice.feature.ts';
import { registerCouponFeature } from './coupon/coupon.feature.ts';
import { registerUploadFeature } from './upload/upload.feature.ts';
import { registerOrderFeature } from './order/order.feature.ts';
import { registerPaymentFeature } from './payment/payment.feature.ts';
import { registerComplaintFeature } from './complaint/complaint.feature.ts';
import { registerBomFeature } from './bom/bom.feature.ts';
import { registerCrossReferenceFeature } from './cross-reference/cross-reference.feature.ts';
import { registerPurchaseListFeature } from './purchase-list/purchase-list.feature.ts';
import { registerWebhookFeature } from './webhook/webhook.feature.ts';
import { registerCompanyAccountFeature } from './company-account/company-account.feature.ts';
import { registerCompanyCreditFeature } from './company-credit/company-credit.feature.ts';
import { registerQuickOrderFeature } from './quick-order/quick-order.feature.ts';
import { registerCompareFeature } from './compare/compare.feature.ts';
import { registerQuotationFeature } from './quotation/quotation.feature.ts';
import { registerMemberFeature } from './member/member.feature.ts';
import { registerWechatFeature } from './wechat/wechat.feature.ts';
import { registerInviteFeature } from './invite/invite.feature.ts';
import { registerContactFeature } from './contact/contact.feature.ts';
import { registerSupplierFeature } from './supplier/supplier.feature.ts';
import { registerHelpFeature } from './help/help.feature.ts';
import { registerActivityFeature } from './activity/activity.feature.ts';
import { registerOpenPlatformFeature } from './open-platform/open-platform.feature.ts';
import { registerSeoFeature } from './seo/seo.feature.ts';
import { registerStaffFeature } from './staff/staff.feature.ts';
import { registerOrderDeskFeature } from './order-desk/order-desk.feature.ts';
import { registerPriceImportFeature } from './price-import/price-import.feature.ts';
import { registerQuotationDeskFeature } from './quotation-desk/quotation-desk.feature.ts';
import { registerMarketingDeskFeature } from './marketing-desk/marketing-desk.feature.ts';
import { registerBrandLogosFeature, registerTaxonomyDeskFeature } from './taxonomy-desk/taxonomy-desk.feature.ts';
import { registerMemberDeskFeature } from './member-desk/member-desk.feature.ts';
import { registerCompanyDeskFeature } from './company-desk/company-desk.feature.ts';
import { registerDashboardFeature } from './dashboard/dashboard.feature.ts';
import { registerCatalogDeskFeature, registerProductPicturesFeature } from './catalog-desk/catalog-desk.feature.ts';
import { registerContentDeskFeature, registerContentPicturesFeature } from './content-desk/content-desk.feature.ts';

/** The shop's features, registered in its scope (the members' session and anti-forgery token, http/session.ts). */
export const featureRegistrations: FeatureRegistration[] = [
  registerAccountFeature,
  registerContentFeature,
  registerMessageFeature,
  registerCatalogFeature,
  registerBrandFeature,
  registerCartFeature,
  registerFavoriteFeature,
  registerHomeFeature,
  registerNewsFeature,
  registerMobileFeature,
  registerSearchFeature,
  registerImagesFeature,
  registerAddressFeature,
  registerInvoiceFeature,
  registerCouponFeature,
  registerUploadFeature,
  registerOrderFeature,
  registerPaymentFeature,
  registerComplaintFeature,
  registerBomFeature,
  registerCrossReferenceFeature,
  registerPurchaseListFeature,
  registerCompanyAccountFeature,
  registerCompanyCreditFeature,
  registerQuickOrderFeature,
  registerCompareFeature,
  registerQuotationFeature,
  registerWebhookFeature,
  registerMemberFeature,
  registerWechatFeature,
  registerInviteFeature,
  registerContactFeature,
  registerSupplierFeature,
  registerHelpFeature,
  registerActivityFeature,
  registerOpenPlatformFeature,
  registerSeoFeature,
  registerProductPicturesFeature,
  registerContentPicturesFeature,
  registerBrandLogosFeature,
];

/** The operations console's features, registered in its scope under /admin (the staff session, its token and access rule: features/staff/staff-access.ts). */
export const consoleFeatureRegistrations: FeatureRegistration[] = [
  registerStaffFeature,
  registerOrderDeskFeature,
  registerPriceImportFeature,
  registerQuotationDeskFeature,
  registerMarketingDeskFeature,
  registerTaxonomyDeskFeature,
  registerMemberDeskFeature,
  registerCompanyDeskFeature,
  registerDashboardFeature,
  registerCatalogDeskFeature,
  registerContentDeskFeature,
];
