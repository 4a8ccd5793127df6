import { z } from 'zod';
import {
  annualVolumes,
  creditCodeRule,
  supplierBrandsRule,
  supplierCompanyRule,
  supplierContactNameRule,
  supplierLimits,
  supplierMessages,
} from './supplier.ts';
import { phoneSchema, ruleSchema, smsCodeSchema } from './rules-requests.ts';

/** The request schemas of supplierCalls. The browser imports this file for types only. */

function documentKeys(min: number, max: number, tooFew: string, tooMany: string) {
  return z
    .array(z.string({ error: supplierMessages.documentKeyInvalid }).min(1, supplierMessages.documentKeyInvalid).max(200, supplierMessages.documentKeyInvalid), {
      error: min > 0 ? tooFew : supplierMessages.documentKeyInvalid,
    })
    .min(min, tooFew)
    .max(max, tooMany);
}

const categoryIdSchema = z.number({ error: supplierMessages.categoryUnknown }).int(supplierMessages.categoryUnknown).positive(supplierMessages.categoryUnknown);

export const supplierRequests = {
  apply: z.object({
    companyName: ruleSchema(supplierCompanyRule),
    creditCode: ruleSchema(creditCodeRule).transform((value) => value.toUpperCase()),
    contactName: ruleSchema(supplierContactNameRule),
    phone: phoneSchema,
    smsCode: smsCodeSchema,
    categoryIds: z
      .array(categoryIdSchema, { error: supplierMessages.categoriesMissing })
      .min(1, supplierMessages.categoriesMissing)
      .max(supplierLimits.categoriesMax, supplierMessages.categoriesTooMany),
    brands: ruleSchema(supplierBrandsRule),
    annualVolume: z.enum(annualVolumes, { error: supplierMessages.volumeMissing }),
    licenceKeys: documentKeys(1, supplierLimits.licencesMax, supplierMessages.licenceMissing, supplierMessages.licencesTooMany),
    certificateKeys: documentKeys(0, supplierLimits.certificatesMax, '', supplierMessages.certificatesTooMany).optional().default([]),
  }),
  /** 查询进度: the phone and its SMS code (purpose supplier), no login. */
  progress: z.object({ phone: phoneSchema, smsCode: smsCodeSchema }),
};
