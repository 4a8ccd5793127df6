import { z } from 'zod';
import { catalogErrors, isProductSort, listMessages, maxListPage, ProductSort } from './catalog.ts';

const pageSchema = z.coerce
  .number({ error: listMessages.pageInvalid })
  .int(listMessages.pageInvalid)
  .min(1, listMessages.pageInvalid)
  .max(maxListPage, listMessages.pageInvalid)
  .default(1);
const sortSchema = z.coerce
  .number({ error: listMessages.sortInvalid })
  .int(listMessages.sortInvalid)
  .min(0, listMessages.sortInvalid)
  .max(3, listMessages.sortInvalid)
  .default(0)
  .transform((value) => (isProductSort(value) ? value : ProductSort.default));
const categoryIdSchema = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
/** stock 1: only parts in stock. */
const stockSchema = z.coerce
  .number({ error: listMessages.stockInvalid })
  .int(listMessages.stockInvalid)
  .min(0, listMessages.stockInvalid)
  .max(1, listMessages.stockInvalid)
  .default(0);
/** The selection's JSON text; its shape is read by parseChooseFilter (catalog.ts), which the browser shares. */
const filterTextSchema = z.string({ error: catalogErrors.filterInvalid.msg }).max(8000, catalogErrors.filterInvalid.msg).default('');

const chooseScope = {
  categoryFirstId: categoryIdSchema(listMessages.categoryRequired),
  /** Absent, '' or null: the whole first level. */
  categorySecondId: z
    .union([categoryIdSchema(listMessages.categoryInvalid), z.literal(''), z.null()])
    .optional()
    .transform((id) => (id === '' || id === undefined ? null : id)),
  stock: stockSchema,
  filter: filterTextSchema,
};

/** The request schemas of catalogCalls, one per call. */
export const catalogRequests = {
  /** The category's filterable attributes with values and counts. */
  queryAttrbuteExcludeList: z.object(chooseScope),
  /** {page, categoryFirstId, categorySecondId, sort, stock, filter} */
  queryAttrbuteProductList: z.object({ ...chooseScope, page: pageSchema, sort: sortSchema }),
};
