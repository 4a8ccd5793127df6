import { z } from 'zod';
import { productErrors } from './catalog.ts';

/** Transitional alias of productErrors.notFound.msg: zod-free files should import productErrors from catalog.ts. */
export const productMissingMessage = productErrors.notFound.msg;

/** A product id in a request: any bad value reads as an unknown product. */
export const productIdSchema = z
  .number({ error: productMissingMessage })
  .int(productMissingMessage)
  .positive(productMissingMessage)
  .max(2_147_483_647, productMissingMessage);
