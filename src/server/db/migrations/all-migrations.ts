import type { MigrationFactory } from './migration-helpers.ts';
import { sessionsMigration } from './0001-sessions.ts';
import { accountsMigration } from './0002-accounts.ts';
import { catalogMigration } from './0003-catalog.ts';
import { cartFavoritesMigration } from './0004-cart-favorites.ts';
import { accountSecurityMigration } from './0005-account-security.ts';
import { shellContentMigration } from './0006-shell-content.ts';
import { homeContentMigration } from './0007-home-content.ts';
import { searchMigration } from './0008-search.ts';
import { catalogIndexesMigration } from './0009-catalog-indexes.ts';
import { firstTierPriceMigration } from './0010-first-tier-price.ts';
import { cacheVersionsMigration } from './0011-cache-versions.ts';
import { addressesInvoicesMigration } from './0012-addresses-invoices.ts';
import { couponsMigration } from './0013-coupons.ts';
import { ordersMigration } from './0014-orders.ts';
import { uploadsMigration } from './0015-uploads.ts';
import { paymentsMigration } from './0016-payments.ts';
import { complaintsMigration } from './0017-complaints.ts';
import { paymentRefundsMigration } from './0021-payment-refunds.ts';
import { orderInvoicesMigration } from './0022-order-invoices.ts';
import { couponAmountsInCentsMigration } from './0023-coupon-amounts-in-cents.ts';
import { bomsMigration } from './0024-boms.ts';
import { quotationsMigration } from './0025-quotations.ts';
import { memberProfileMigration } from './0026-member-profile.ts';
import { favoriteAlertsMigration } from './0027-favorite-alerts.ts';
import { wechatMigration } from './0029-wechat.ts';
import { contactMigration } from './0031-contact.ts';
import { supplierApplicationsMigration } from './0032-supplier-applications.ts';
import { helpPagesMigration } from './0030-help-pages.ts';
import { invitesMigration } from './0028-invites.ts';
import { openPlatformMigration } from './0033-open-platform.ts';
import { productsBrandUpdatedMigration } from './0034-products-brand-updated.ts';
import { staffConsoleMigration } from './0035-staff-console.ts';
import { priceImportMigration } from './0036-price-import.ts';
import { priceImportUploadsMigration } from './0039-price-import-uploads.ts';
import { taxonomyDeskMigration } from './0038-taxonomy-desk.ts';
import { memberDeskMigration } from './0043-member-desk.ts';
import { warehousesMigration } from './0044-warehouses.ts';
import { contentDraftsMigration } from './0046-content-drafts.ts';
import { priceImportRollbackMigration } from './0047-price-import-rollback.ts';
import { priceImportLifecycleMigration } from './0053-price-import-lifecycle.ts';
import { shippedByRefundDatesMigration } from './0054-shipped-by-refund-dates.ts';
import { orderLifecycleMigration } from './0048-order-lifecycle.ts';
import { invoiceLifecycleMigration } from './0052-invoice-lifecycle.ts';
import { paymentLifecycleMigration } from './0049-payment-lifecycle.ts';
import { orderShipmentsMigration } from './0040-order-shipments.ts';
import { quotationMarketingDesksMigration } from './0041-quotation-marketing-desks.ts';
import { contentDeskMigration } from './0042-content-desk.ts';
import { icZoneUniqueCodesMigration } from './0045-ic-zone-unique-codes.ts';
import { aftersalesReturnsMigration } from './0051-aftersales-returns.ts';
import { quotationLifecycleMigration } from './0050-quotation-lifecycle.ts';
import { purchaseListsMigration } from './0057-purchase-lists.ts';
import { companyAccountsMigration } from './0059-company-accounts.ts';
import { openApiOrdersMigration } from './0060-open-api-orders.ts';
import { webhooksMigration } from './0062-webhooks.ts';
import { companyCreditMigration } from './0064-company-credit.ts';
import { orderApprovalsMigration } from './0063-order-approvals.ts';
import { backorderDatesMigration } from './0065-backorder-dates.ts';
import { openApiCartsMigration } from './0067-open-api-carts.ts';
import { procurementReferencesMigration } from './0055-procurement-references.ts';
import { siteFactsMigration } from './0056-site-facts.ts';
import { purchasingDataMigration } from './0058-purchasing-data.ts';

/** Every migration, by name; names sort in the order they run. Add new ones at the end. */
export const allMigrations: Record<string, MigrationFactory> = {
  '0001-sessions': sessionsMigration,
  '0002-accounts': accountsMigration,
  '0003-catalog': catalogMigration,
  '0004-cart-favorites': cartFavoritesMigration,
  '0005-account-security': accountSecurityMigration,
  '0006-shell-content': shellContentMigration,
  '0007-home-content': homeContentMigration,
  '0008-search': searchMigration,
  '0009-catalog-indexes': catalogIndexesMigration,
  '0010-first-tier-price': firstTierPriceMigration,
  '0011-cache-versions': cacheVersionsMigration,
  '0012-addresses-invoices': addressesInvoicesMigration,
  '0013-coupons': couponsMigration,
  '0014-orders': ordersMigration,
  '0015-uploads': uploadsMigration,
  '0016-payments': paymentsMigration,
  '0017-complaints': complaintsMigration,
  '0021-payment-refunds': paymentRefundsMigration,
  '0022-order-invoices': orderInvoicesMigration,
  '0023-coupon-amounts-in-cents': couponAmountsInCentsMigration,
  '0024-boms': bomsMigration,
  '0025-quotations': quotationsMigration,
  '0026-member-profile': memberProfileMigration,
  '0027-favorite-alerts': favoriteAlertsMigration,
  '0028-invites': invitesMigration,
  '0029-wechat': wechatMigration,
  '0030-help-pages': helpPagesMigration,
  '0031-contact': contactMigration,
  '0032-supplier-applications': supplierApplicationsMigration,
  '0033-open-platform': openPlatformMigration,
  '0034-products-brand-updated': productsBrandUpdatedMigration,
  '0035-staff-console': staffConsoleMigration,
  '0036-price-import': priceImportMigration,
  '0039-price-import-uploads': priceImportUploadsMigration,
  '0038-taxonomy-desk': taxonomyDeskMigration,
  '0040-order-shipments': orderShipmentsMigration,
  '0041-quotation-marketing-desks': quotationMarketingDesksMigration,
  '0042-content-desk': contentDeskMigration,
  '0043-member-desk': memberDeskMigration,
  '0044-warehouses': warehousesMigration,
  '0045-ic-zone-unique-codes': icZoneUniqueCodesMigration,
  '0046-content-drafts': contentDraftsMigration,
  '0047-price-import-rollback': priceImportRollbackMigration,
  '0048-order-lifecycle': orderLifecycleMigration,
  '0049-payment-lifecycle': paymentLifecycleMigration,
  '0050-quotation-lifecycle': quotationLifecycleMigration,
  '0051-aftersales-returns': aftersalesReturnsMigration,
  '0052-invoice-lifecycle': invoiceLifecycleMigration,
  '0053-price-import-lifecycle': priceImportLifecycleMigration,
  '0054-shipped-by-refund-dates': shippedByRefundDatesMigration,
  '0055-procurement-references': procurementReferencesMigration,
  '0056-site-facts': siteFactsMigration,
  '0057-purchase-lists': purchaseListsMigration,
  '0058-purchasing-data': purchasingDataMigration,
  '0059-company-accounts': companyAccountsMigration,
  '0060-open-api-orders': openApiOrdersMigration,
  '0062-webhooks': webhooksMigration,
  '0063-order-approvals': orderApprovalsMigration,
  '0064-company-credit': companyCreditMigration,
  '0065-backorder-dates': backorderDatesMigration,
  '0067-open-api-carts': openApiCartsMigration,
};
