import type { SessionTables } from '../http/session.tables.ts';
import type { AccountTables } from '../features/account/account.tables.ts';
import type { CatalogTables } from '../features/catalog/catalog.tables.ts';
import type { CartTables } from '../features/cart/cart.tables.ts';
import type { FavoriteTables } from '../features/favorite/favorite.tables.ts';
import type { ContentTables } from '../features/content/content.tables.ts';
import type { ContentDeskTables } from '../features/content-desk/content-desk.tables.ts';
import type { MessageTables } from '../features/message/message.tables.ts';
import type { SearchTables } from '../features/search/search.tables.ts';
import type { HomeTables } from '../features/home/home.tables.ts';
import type { NewsTables } from '../features/news/news.tables.ts';
import type { CacheTables } from '../cache/cache.tables.ts';
import type { AddressTables } from '../features/address/address.tables.ts';
import type { InvoiceTables } from '../features/invoice/invoice.tables.ts';
import type { CouponTables } from '../features/coupon/coupon.tables.ts';
import type { OrderTables } from '../features/order/order.tables.ts';
import type { UploadTables } from '../features/upload/upload.tables.ts';
import type { PaymentTables } from '../features/payment/payment.tables.ts';
import type { ComplaintTables } from '../features/complaint/complaint.tables.ts';
import type { BomTables } from '../features/bom/bom.tables.ts';
import type { QuotationTables } from '../features/quotation/quotation.tables.ts';
import type { MemberTables } from '../features/member/member.tables.ts';
import type { WechatTables } from '../features/wechat/wechat.tables.ts';
import type { InviteTables } from '../features/invite/invite.tables.ts';
import type { ContactTables } from '../features/contact/contact.tables.ts';
import type { SupplierTables } from '../features/supplier/supplier.tables.ts';
import type { HelpTables } from '../features/help/help.tables.ts';
import type { OpenPlatformTables } from '../features/open-platform/open-platform.tables.ts';
import type { StaffTables } from '../features/staff/staff.tables.ts';
import type { PriceImportTables } from '../features/price-import/price-import.tables.ts';
import type { WarehouseTables } from '../features/warehouse/warehouse.tables.ts';
import type { PurchaseListTables } from '../features/purchase-list/purchase-list.tables.ts';
import type { WebhookTables } from '../features/webhook/webhook.tables.ts';
import type { CompanyAccountTables } from '../features/company-account/company-account.tables.ts';
import type { CompanyCreditTables } from '../features/company-credit/company-credit.tables.ts';

/** The whole schema as Kysely sees it: each feature declares its own tables. */
export interface Database
  extends
    SessionTables,
    AccountTables,
    CatalogTables,
    CartTables,
    FavoriteTables,
    ContentTables,
    ContentDeskTables,
    MessageTables,
    SearchTables,
    HomeTables,
    NewsTables,
    CacheTables,
    AddressTables,
    InvoiceTables,
    CouponTables,
    OrderTables,
    UploadTables,
    PaymentTables,
    ComplaintTables,
    BomTables,
    QuotationTables,
    MemberTables,
    WechatTables,
    InviteTables,
    ContactTables,
    SupplierTables,
    HelpTables,
    OpenPlatformTables,
    StaffTables,
    PriceImportTables,
    WarehouseTables,
    PurchaseListTables,
    CompanyAccountTables,
    CompanyCreditTables,
    WebhookTables {}
