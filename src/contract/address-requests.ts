import { z } from 'zod';
import {
  addressDetailRule,
  addressMobileRule,
  addressErrors,
  cleanLine,
  contactMissingMessage,
  divisionPrompts,
  optionalLandlineRule,
  receiverRule,
} from './address.ts';
import { recordIdField } from './content-requests.ts';
import type { TextRule } from './rules.ts';

/**
 * The request schemas of divisionCalls and addressCalls, built from the rules of address.ts
 * (the form checks with the same rules). The browser imports this file for types only.
 */

/** A single-line field: cleaned (address.ts cleanLine), then checked by its rule. */
export function lineSchema(rule: TextRule) {
  return z
    .string({ error: rule.missingMessage })
    .transform(cleanLine)
    .superRefine((value, context) => {
      const problem = rule.check(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

/** A field that may be left out or empty: '' then. */
function optionalLineSchema(rule: TextRule) {
  return lineSchema(rule).optional().default('');
}

/** A six-digit GB/T 2260 code, as a string or a number (a page may send either). */
export function divisionCodeSchema(message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{6}$/, message));
}

const addressIdSchema = recordIdField(addressErrors.notFound.msg);

export const divisionRequests = {
  getProvinceList: z.object({}),
  /** A province's code gives its cities, a city's its districts. */
  queryDistrictList: z.object({ areaParentCode: divisionCodeSchema(addressErrors.divisionNotFound.msg) }),
};

export const addressRequests = {
  list: z.object({}),
  /** Adds an address, or with `id` edits the member's own. `isDefault` left out keeps an edited address as it was. */
  save: z
    .object({
      id: addressIdSchema.optional(),
      receiver: lineSchema(receiverRule),
      mobile: optionalLineSchema(addressMobileRule),
      landline: optionalLineSchema(optionalLandlineRule),
      provinceCode: divisionCodeSchema(divisionPrompts.province),
      cityCode: divisionCodeSchema(divisionPrompts.city),
      districtCode: divisionCodeSchema(divisionPrompts.district),
      detail: lineSchema(addressDetailRule),
      isDefault: z.boolean({ error: '请选择是否设为默认地址' }).optional(),
    })
    .superRefine((address, context) => {
      if (!address.mobile && !address.landline) context.addIssue({ code: 'custom', message: contactMissingMessage, path: ['mobile'] });
    }),
  delete: z.object({ id: addressIdSchema }),
  setDefault: z.object({ id: addressIdSchema }),
};
