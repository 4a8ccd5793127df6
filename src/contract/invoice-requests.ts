import { z } from 'zod';
import { lineSchema } from './address-requests.ts';
import { recordIdField } from './content-requests.ts';
import {
  bankNameRule,
  companyNameRule,
  companyQueryLimits,
  invoiceErrors,
  invoiceTitleRule,
  invoiceTypeMissingMessage,
  normalizeTaxNumber,
  registeredAddressRule,
  registeredPhoneRule,
  type InvoiceFields,
  type InvoiceRequest,
} from './invoice.ts';
import { bankNumberSchema, ruleSchema, taxNumberSchema } from './rules-requests.ts';

/**
 * The request schemas of invoiceCalls and companyCalls, built from the rules of invoice.ts and
 * rules.ts (the form checks with the same rules). The browser imports this file for types only.
 */

const taxNumber = taxNumberSchema.transform(normalizeTaxNumber);

export const invoiceFieldsSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('normal-personal'), title: lineSchema(invoiceTitleRule) }),
    z.object({ type: z.literal('normal-company'), companyName: lineSchema(companyNameRule), taxNumber }),
    z.object({
      type: z.literal('special'),
      companyName: lineSchema(companyNameRule),
      taxNumber,
      registeredAddress: lineSchema(registeredAddressRule),
      registeredPhone: ruleSchema(registeredPhoneRule),
      bankName: lineSchema(bankNameRule),
      bankAccount: bankNumberSchema,
    }),
  ],
  { error: invoiceTypeMissingMessage },
) satisfies z.ZodType<InvoiceFields>;

const profileIdSchema = recordIdField(invoiceErrors.notFound.msg);

/** The checkout's invoice (InvoiceRequest): none, a saved profile of the member, or fields for this order. */
export const invoiceRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('profile'), invoiceProfileId: profileIdSchema }),
    z.object({ kind: z.literal('inline'), invoice: invoiceFieldsSchema }),
  ],
  { error: '请选择是否开具发票' },
) satisfies z.ZodType<InvoiceRequest>;

const companyNameQuery = z.string({ error: '请输入单位名称' }).trim().max(companyQueryLimits.maxChars, `单位名称不能超过${companyQueryLimits.maxChars}个字`);

export const invoiceRequests = {
  list: z.object({}),
  /** Adds a profile, or with `id` edits the member's own; `isDefault: true` makes it the default. */
  save: z.object({
    id: profileIdSchema.optional(),
    isDefault: z.boolean({ error: '请选择是否设为默认' }).optional(),
    invoice: invoiceFieldsSchema,
  }),
  delete: z.object({ id: profileIdSchema }),
};

export const companyRequests = {
  /** {name}: up to 10 names containing the text; fewer than 2 characters answer none. */
  queryCompanyNameList: z.object({ name: companyNameQuery }),
  /** {name}: the company of exactly this name, or null. */
  queryCompanyInfo: z.object({ name: companyNameQuery }),
};
