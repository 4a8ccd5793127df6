import { z } from 'zod';
import { productIdSchema } from './product-id.ts';

/** The request schemas of favoriteCalls, one per call. */
export const favoriteRequests = {
  /** Adding twice keeps one favorite. */
  add: z.object({ productId: productIdSchema }),
  remove: z.object({ productId: productIdSchema }),
};
