import { z } from 'zod';
import { companyCreditLimits, companyCreditMessages, StatementStatus } from '../company-credit.ts';
import { centsOfYuanText } from '../money.ts';

const invalid = '请求参数有误';
const id = (missing: string) => z.number(missing).int(missing).min(1, missing).max(2_147_483_647, missing);
const companyId = id(companyCreditMessages.companyMissing);

/** 企业月结's calls. The limit is typed in 元 (two decimals at most) and kept in cents. */
export const companyDeskRequests = {
  list: z.object({
    keyword: z.string(invalid).trim().max(40, '关键词最多40个字').default(''),
    page: z.number(invalid).int(invalid).min(1, invalid).max(10_000, invalid).default(1),
  }),
  detail: z.object({ companyId }),
  grant: z.object({
    companyId,
    limitYuan: z
      .string(companyCreditMessages.limitInvalid)
      .trim()
      .transform((text, context) => {
        const cents = centsOfYuanText(text);
        if (cents === null || cents <= 0 || cents > companyCreditLimits.maxLimitCents) {
          context.addIssue({ code: 'custom', message: companyCreditMessages.limitInvalid });
          return z.NEVER;
        }
        return cents;
      }),
    termsDays: z
      .number(companyCreditMessages.termsInvalid)
      .int(companyCreditMessages.termsInvalid)
      .min(companyCreditLimits.minTermsDays, companyCreditMessages.termsInvalid)
      .max(companyCreditLimits.maxTermsDays, companyCreditMessages.termsInvalid),
  }),
  withdraw: z.object({ companyId }),
  settle: z.object({
    statementId: id(companyCreditMessages.statementMissing),
    note: z.string(invalid).trim().max(companyCreditLimits.noteMax, companyCreditMessages.noteTooLong).default(''),
    seen: z.enum([StatementStatus.issued, StatementStatus.overdue], invalid).optional(),
  }),
};
