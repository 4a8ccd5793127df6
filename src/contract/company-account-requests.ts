import { z } from 'zod';
import { companyErrors, companyLimits, companyMessages, companyRoles, isContactPhone } from './company-account.ts';
import { companyInvoiceMessages, companyInvoiceStateFilters, maxCompanyInvoicePage } from './company-invoices.ts';
import { normalizeCreditCode, unifiedCreditCodeProblem } from './credit-code.ts';
import { centsOfYuanText } from './money.ts';
import { phoneSchema } from './rules-requests.ts';
import { isBeijingDate } from './time.ts';

function idField(message: string) {
  return z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
}

const creditCodeSchema = z
  .string({ error: unifiedCreditCodeProblem('') })
  .transform(normalizeCreditCode)
  .superRefine((value, context) => {
    const problem = unifiedCreditCodeProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const roleSchema = z.enum(companyRoles, { error: companyMessages.roleMissing });
const memberIdSchema = idField(companyErrors.memberNotFound.msg);
const invitationIdSchema = idField(companyErrors.invitationNotFound.msg);

const companyFields = {
  name: z.string({ error: companyMessages.nameMissing }).trim().min(1, companyMessages.nameMissing).max(companyLimits.nameMax, companyMessages.nameTooLong),
  contactName: z.string().trim().max(companyLimits.contactNameMax, companyMessages.contactNameTooLong).default(''),
  contactPhone: z
    .string()
    .trim()
    .refine((value) => value === '' || isContactPhone(value), companyMessages.contactPhoneInvalid)
    .default(''),
};

/** 审批金额 as typed (yuan, up to two decimals): '' for no approval, else a positive amount in cents. */
const thresholdSchema = z
  .string({ error: companyMessages.thresholdInvalid })
  .trim()
  .transform((value, context) => {
    if (value === '') return null;
    const cents = centsOfYuanText(value, 9);
    if (cents === null || cents <= 0) {
      context.addIssue({ code: 'custom', message: companyMessages.thresholdInvalid });
      return z.NEVER;
    }
    return cents;
  });

/** The request schemas of companyCalls, one per call. */
export const companyRequests = {
  state: z.object({}),
  create: z.object({ ...companyFields, creditCode: creditCodeSchema }),
  /** 企业信息 (管理员): the name and contact; the credit code is the company's identity and stays. */
  update: z.object(companyFields),
  invite: z.object({ phone: phoneSchema, role: roleSchema }),
  cancelInvitation: z.object({ invitationId: invitationIdSchema }),
  acceptInvitation: z.object({ invitationId: invitationIdSchema }),
  declineInvitation: z.object({ invitationId: invitationIdSchema }),
  changeRole: z.object({ userId: memberIdSchema, role: roleSchema }),
  removeMember: z.object({ userId: memberIdSchema }),
  leave: z.object({}),
  /** 审批金额 (管理员, decision 0029): '' turns approval off. */
  setApprovalThreshold: z.object({ threshold: thresholdSchema }),
};

const invoiceDateSchema = z
  .string({ error: companyInvoiceMessages.dateInvalid })
  .trim()
  .refine((value) => value === '' || isBeijingDate(value), companyInvoiceMessages.dateInvalid)
  .default('');

/** The request schemas of companyInvoiceCalls (公司发票: 管理员, 财务). */
export const companyInvoiceRequests = {
  list: z
    .object({
      state: z.enum(companyInvoiceStateFilters, { error: companyInvoiceMessages.stateInvalid }).default('all'),
      from: invoiceDateSchema,
      to: invoiceDateSchema,
      page: z
        .number({ error: companyInvoiceMessages.pageInvalid })
        .int(companyInvoiceMessages.pageInvalid)
        .min(1, companyInvoiceMessages.pageInvalid)
        .max(maxCompanyInvoicePage, companyInvoiceMessages.pageInvalid)
        .default(1),
    })
    .refine((query) => query.from === '' || query.to === '' || query.from <= query.to, { message: companyInvoiceMessages.rangeReversed }),
};
