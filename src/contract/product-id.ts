import { z } from 'zod';

export const productMissingMessage = '商品不存在';

/** A product id in a request: any bad value reads as an unknown product. */
export const productIdSchema = z
  .number({ error: productMissingMessage })
  .int(productMissingMessage)
  .positive(productMissingMessage)
  .max(2_147_483_647, productMissingMessage);
