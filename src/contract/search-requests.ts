import { z } from 'zod';
import { listMessages } from './catalog.ts';
import { maxSearchPage, searchErrors, searchKeyMaxLength, searchMessages } from './search.ts';

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const keySchema = z.string({ error: searchErrors.keyMissing.msg }).max(searchKeyMaxLength, searchMessages.keyTooLong);

/** The request schemas of searchCalls, one per call. */
export const searchRequests = {
  /** {key} → suggestions for the header search box; an empty key gets none. */
  searchAssociateWord: z.object({ key: keySchema }),
  /** The results page as JSON: the same parameters as its URL. */
  searchProductList: z.object({
    key: keySchema,
    categoryId: positiveId(listMessages.categoryInvalid).nullish(),
    brandId: positiveId(searchMessages.brandInvalid).nullish(),
    /** Blank reads as no package filter. */
    package: z
      .string({ error: searchMessages.packageInvalid })
      .max(50, searchMessages.packageInvalid)
      .nullish()
      .transform((name) => {
        const trimmed = name?.trim() ?? '';
        return trimmed === '' ? null : trimmed;
      }),
    stock: z.union([z.literal(0), z.literal(1)], { error: listMessages.stockInvalid }).default(0),
    sort: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: listMessages.sortInvalid }).default(0),
    page: z.coerce
      .number({ error: listMessages.pageInvalid })
      .int(listMessages.pageInvalid)
      .min(1, listMessages.pageInvalid)
      .max(maxSearchPage, searchMessages.pageBeyondLast)
      .default(1),
  }),
  /** {code}: the parts with exactly this manufacturer code. */
  searchFactoryCodeProduct: z.object({
    code: z.string({ error: searchMessages.codeMissing }).trim().min(1, searchMessages.codeMissing).max(searchKeyMaxLength, searchMessages.codeTooLong),
  }),
};
