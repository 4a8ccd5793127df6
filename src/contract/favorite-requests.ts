import { z } from 'zod';
import { favoritePageSizes, maxFavoriteBatch, maxFavoriteKeywordLength } from './favorite.ts';
import { productIdSchema } from './product-id-requests.ts';

/** The request schemas of favoriteCalls, one per call. */
export const favoriteRequests = {
  /** Adding twice keeps one favorite. */
  add: z.object({ productId: productIdSchema }),
  remove: z.object({ productId: productIdSchema }),
  removeMany: z.object({
    productIds: z.array(productIdSchema, { error: '请选择商品' }).min(1, '请选择商品').max(maxFavoriteBatch, `一次最多删除${maxFavoriteBatch}个收藏`),
  }),
  setAlert: z.object({ productId: productIdSchema, stock: z.boolean({ error: '请求参数有误' }), price: z.boolean({ error: '请求参数有误' }) }),
  list: z.object({
    keyword: z.string({ error: '请求参数有误' }).max(maxFavoriteKeywordLength, `搜索词不能超过${maxFavoriteKeywordLength}个字`),
    page: z.number({ error: '请求参数有误' }).int('请求参数有误').min(1, '请求参数有误').max(100_000, '请求参数有误'),
    pageSize: z.literal([...favoritePageSizes], { error: '请求参数有误' }),
  }),
};
