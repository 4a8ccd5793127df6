import { apiIdempotencyKeyLifecycle } from './api-idempotency-key-lifecycle.ts';
import { companyInvitationLifecycle } from './company-invitation-lifecycle.ts';
import { complaintLifecycle } from './complaint-lifecycle.ts';
import { statementLifecycle } from './company-statement-lifecycle.ts';
import { invoiceLifecycle } from './invoice-lifecycle.ts';
import type { Lifecycle } from './lifecycle.ts';
import { orderLifecycle } from './order-lifecycle.ts';
import { paymentLifecycle } from './payment-lifecycle.ts';
import { refundLifecycle } from './refund-lifecycle.ts';
import { priceImportJobLifecycle } from './price-import-lifecycle.ts';
import { quotationLifecycle } from './quotation-lifecycle.ts';
import { webhookDeliveryLifecycle } from './webhook-delivery-lifecycle.ts';

/**
 * Every declared lifecycle, in the order docs/decisions/0018-lifecycles.md shows them: the record's
 * diagrams and tables are generated from this list (`npm run lifecycles`), and a test keeps them so.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of lifecycles of different state and fact types
export const allLifecycles: readonly Lifecycle<string, string, any>[] = [
  orderLifecycle,
  paymentLifecycle,
  refundLifecycle,
  invoiceLifecycle,
  complaintLifecycle,
  priceImportJobLifecycle,
  quotationLifecycle,
  statementLifecycle,
  webhookDeliveryLifecycle,
  companyInvitationLifecycle,
  apiIdempotencyKeyLifecycle,
];
