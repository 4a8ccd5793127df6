import { z } from 'zod';
import { productErrors } from './catalog.ts';

const productMissing = productErrors.notFound.msg;

/** A product id in a request: any bad value reads as an unknown product (productErrors.notFound's words, errorCode request.invalid). */
export const productIdSchema = z.number({ error: productMissing }).int(productMissing).positive(productMissing).max(2_147_483_647, productMissing);
