import { z } from 'zod';
import { openApiCurrency } from './open-api.ts';
import { openOrderSchemas } from './open-api-order-requests.ts';
import { openPriceTierSchema, openProductSchema } from './open-api-requests.ts';
import { maxOrderLines } from './order.ts';

/*
 * The /open/v1 cart schemas (issue 28): an API key's own cart, its lines set and removed by
 * product, priced by the tiers; an order placed from it takes the same options as POST /orders.
 */

const currency = z.literal(openApiCurrency).meta({ description: '币种：人民币（CNY），金额含税' });

const productIdParam = z.coerce
  .number({ error: '商品ID须为正整数' })
  .int('商品ID须为正整数')
  .positive('商品ID须为正整数')
  .max(2_147_483_647, '商品ID须为正整数')
  .meta({ description: '商品ID（productId）', example: 1 });

const cartLineSchema = z
  .object({
    product: openProductSchema,
    quantity: z.number().int().meta({ description: '数量（个）' }),
    customerPartNo: z.string().meta({ description: '客户料号；没有时为空字符串' }),
    unitPrice: z.string().nullable().meta({ description: '该数量所在阶梯的含税单价（元）；商品暂无报价时为 null', example: '0.0123' }),
    amountCents: z.number().int().meta({ description: '小计（分）：单价 × 数量，四舍五入到分' }),
    currency,
    tier: openPriceTierSchema.nullable().meta({ description: '数量所在的价格阶梯' }),
    leadTimeDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: '交期（工作日）：现货足够时为 1；现货不足该数量时为 null（参考 product.factoryLeadWeeks）', example: 1 }),
    isOrderable: z.boolean().meta({ description: '此刻能否按此数量下单：在售、不少于最小起订量、为包装数量的整数倍、现货足够' }),
    problem: z.string().meta({ description: '不能下单的原因（中文）；能下单时为空字符串' }),
  })
  .meta({ id: 'CartLine', description: '购物车的一行：商品、数量、客户料号、按阶梯价计算的价格、库存与交期' });

export const openCartSchema = z
  .object({
    lines: z.array(cartLineSchema).meta({ description: '购物车中的商品，先加入的在前' }),
    lineCount: z.number().int().meta({ description: '商品种数' }),
    linesMax: z.number().int().meta({ description: '购物车最多可放的商品种数' }),
    goodsCents: z.number().int().meta({ description: '商品金额合计（分，不含运费）' }),
    currency,
    isOrderable: z.boolean().meta({ description: '整车能否下单：非空且每行都能下单' }),
  })
  .meta({ id: 'Cart', description: '本密钥的购物车（每个 API 密钥一个，与网站上会员的购物车互不影响）' });

const { lines: orderLines, ...orderOptions } = openOrderSchemas.placeBody.shape;

export const openCartSchemas = {
  putBody: z.object({
    lines: z
      .array(orderLines.element, { error: '请提供商品行 lines' })
      .min(1, '请至少提供1行商品')
      .max(maxOrderLines, `一次最多提交${String(maxOrderLines)}行`)
      .meta({
        description: `要放入或修改的行，1–${String(maxOrderLines)}行：商品ID或型号、数量（替换原数量）、客户料号（替换原料号）；其他行不变。购物车最多${String(maxOrderLines)}种商品`,
      }),
  }),
  lineParams: z.object({ productId: productIdParam }),
  orderBody: z.object(orderOptions),
  response: openCartSchema,
} as const;

export const openCartLinesMax = maxOrderLines;
