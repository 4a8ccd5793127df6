import { z } from 'zod';
import { ResultCode } from './envelope.ts';
import { recordIdField } from './content-requests.ts';
import { apiKeyErrors, apiKeyLimits, apiKeyMessages, openApiCurrency, openApiErrors } from './open-api.ts';
import { mslLevels, packagings, reachStatuses } from './purchasing.ts';
import { openOrderErrors } from './open-api-orders.ts';

/** The request schemas of apiKeyCalls (the member centre's /user/api-keys page). */
export const apiKeyRequests = {
  list: z.object({}),
  create: z.object({
    name: z.string({ error: apiKeyMessages.nameRequired }).trim().min(1, apiKeyMessages.nameRequired).max(apiKeyLimits.nameMax, apiKeyMessages.nameTooLong),
    /** A sandbox key (xp_test_…) beside the live ones. */
    isSandbox: z.boolean({ error: '密钥类型有误' }).default(false),
  }),
  revoke: z.object({ keyId: recordIdField(apiKeyErrors.notFound.msg) }),
};

/*
 * The /open/v1 schemas: the routes validate requests with them and the OpenAPI document is
 * generated from them (z.toJSONSchema), so the document cannot drift from what is enforced.
 * Query and path values arrive as text: numbers are coerced.
 */

const productIdParam = z.coerce
  .number({ error: '商品ID须为正整数' })
  .int('商品ID须为正整数')
  .positive('商品ID须为正整数')
  .max(2_147_483_647, '商品ID须为正整数')
  .meta({ description: '商品ID（productId）', example: 1 });

const partNumber = z
  .string({ error: '请填写型号' })
  .trim()
  .min(1, '请填写型号')
  .max(60, '型号不超过60个字符')
  .meta({ description: '制造商型号（MPN），不区分大小写，忽略空格与横线等分隔符', example: 'STM32F103C8T6' });

const currency = z.literal(openApiCurrency).meta({ description: '币种：人民币（CNY），价格含税' });

const leadTimeDays = z
  .number()
  .int()
  .min(0)
  .nullable()
  .meta({ description: '交期（工作日）：有现货时为 1，付款后最迟下一个工作日发货；无现货时为 null，交期未知，可通过 BOM 配单询价', example: 1 });

/** Components of the document (their id names them there): each is written once and referenced. */
const priceTier = z
  .object({
    qtyStart: z.number().int().meta({ description: '起订数量（含）' }),
    qtyEnd: z.number().int().nullable().meta({ description: '截止数量（含），null 表示不封顶' }),
    unitPrice: z.string().meta({ description: '含税单价（元，最多4位小数）', example: '0.0123' }),
    currency,
  })
  .meta({ id: 'PriceTier', description: '阶梯价：数量在 qtyStart 与 qtyEnd 之间时的含税单价' });

/** 采购与合规 (issue 28): what a purchasing department checks before ordering, null where the maker has not said. */
const compliance = z
  .object({
    rohs: z.boolean().meta({ description: '是否符合 RoHS' }),
    reach: z.enum(reachStatuses).meta({ description: 'REACH（SVHC）：compliant 符合，non_compliant 不符合，unknown 未知' }),
    msl: z
      .enum(mslLevels)
      .nullable()
      .meta({ description: '湿敏等级（J-STD-020）：1、2、2a、3、4、5、5a、6；na 不适用（如直插连接器）；null 未提供', example: '3' }),
    eccn: z.string().nullable().meta({ description: '出口管制分类号（ECCN），如 EAR99、3A991.a.2；null 未提供', example: 'EAR99' }),
    countryOfOrigin: z.string().nullable().meta({ description: '原产地：ISO 3166-1 两位代码（CN、TW、MY…）；null 未提供', example: 'MY' }),
  })
  .meta({ description: '合规信息' });

const cadModels = z
  .object({
    symbolUrl: z.string().nullable().meta({ description: '原理图符号下载地址（https）；null 暂无' }),
    footprintUrl: z.string().nullable().meta({ description: 'PCB 封装下载地址（https）；null 暂无' }),
    model3dUrl: z.string().nullable().meta({ description: '3D 模型下载地址（https）；null 暂无' }),
  })
  .meta({ description: 'CAD 模型链接' });

const product = z
  .object({
    productId: z.number().int().meta({ description: '商品ID' }),
    partNumber: z.string().meta({ description: '制造商型号' }),
    brand: z.string().meta({ description: '品牌' }),
    package: z.string().meta({ description: '封装' }),
    description: z.string().meta({ description: '描述' }),
    categoryId: z.number().int().meta({ description: '二级分类ID' }),
    stock: z.number().int().meta({ description: '现货库存（个）' }),
    packSize: z.number().int().meta({ description: '最小包装数量：购买数量须为它的整数倍' }),
    leadTimeDays,
    factoryLeadWeeks: z.number().int().min(1).nullable().meta({ description: '工厂交期（周）：原厂生产周期，无现货时订货参考；null 未提供', example: 12 }),
    packaging: z
      .enum(packagings)
      .nullable()
      .meta({ description: '包装方式：tape_reel 卷带，cut_tape 剪切带，tray 托盘，tube 管装，bulk 散装，box 盒装；null 未提供' }),
    compliance,
    cadModels,
    lifecycle: z.enum(['active', 'nrnd', 'eol']).meta({ description: '生命周期：active 量产，nrnd 不推荐新设计，eol 停产' }),
    priceTiers: z.array(priceTier).meta({ description: '阶梯价，按数量从小到大' }),
    url: z.string().meta({ description: '商品详情页地址（相对路径）' }),
  })
  .meta({ id: 'Product', description: '商品' });

const pageNumber = z.coerce
  .number({ error: `页码须为1–${apiKeyLimits.searchPagesMax}的整数` })
  .int(`页码须为1–${apiKeyLimits.searchPagesMax}的整数`)
  .min(1, `页码须为1–${apiKeyLimits.searchPagesMax}的整数`)
  .max(apiKeyLimits.searchPagesMax, `页码须为1–${apiKeyLimits.searchPagesMax}的整数`)
  .default(1)
  .meta({ description: '页码，从1开始；每页20条。超过最后一页时 items 为空数组', example: 1 });

/** Every status a failure of /open/v1 answers with: those of its error tables (the orders' adds 409). */
const failureStatuses = [...new Set([...Object.values(openApiErrors), ...Object.values(openOrderErrors)].map((error) => error.code))].sort((a, b) => a - b);

const productParam = z.object({ name: z.string().meta({ description: '参数名' }), value: z.string().meta({ description: '参数值' }) });

/** A successful /open/v1 answer: the store's envelope (envelope.ts) of code 1 around the endpoint's data. */
export function openApiSuccessSchemaOf<Data extends z.ZodType>(data: Data) {
  return z
    .object({
      code: z.literal(ResultCode.success).meta({ description: '成功时为 1' }),
      data,
      msg: z.string().meta({ description: '提示信息，成功时为空字符串' }),
    })
    .meta({ description: '成功的响应：商城统一的响应结构 {code: 1, data, msg}' });
}

export const openApiSchemas = {
  failure: z
    .object({
      code: z.literal(failureStatuses).meta({ description: `失败时与 HTTP 状态码相同（${failureStatuses.join('、')}）；成功时为 1`, example: 400 }),
      data: z.null().meta({ description: '失败时为 null' }),
      msg: z.string().meta({ description: '错误说明（中文），可直接展示给用户', example: '数量须为1–1000000的整数' }),
      errorCode: z.string().meta({ description: '错误代码，供程序判断，如 openApi.badKey、openApi.invalid', example: 'openApi.invalid' }),
      field: z.string().optional().meta({ description: '出错的参数名（参数校验失败时）', example: 'quantity' }),
      requestId: z.string().optional().meta({ description: '请求编号（500、503 时），联系客服时请提供' }),
    })
    .meta({ description: '失败的响应：商城统一的响应结构 {code, data, msg, errorCode}' }),
  searchQuery: z.object({
    keyword: z
      .string({ error: '请填写搜索关键词' })
      .trim()
      .min(1, '请填写搜索关键词')
      .max(60, '搜索关键词不超过60个字符')
      .meta({ description: '关键词：型号、品牌、分类或参数（如 10k 0603）', example: 'STM32' }),
    page: pageNumber,
  }),
  searchResponse: z.object({
    keyword: z.string().meta({ description: '实际搜索的关键词' }),
    total: z.number().int().meta({ description: '结果总数（任何页码都相同）' }),
    page: z.number().int().meta({ description: '请求的页码' }),
    pageSize: z.number().int().meta({ description: '每页条数' }),
    pageCount: z.number().int().meta({ description: '总页数（total 为 0 时为 0）' }),
    hasMore: z.boolean().meta({ description: `是否还有下一页可取：为 false 时停止翻页（最多取到第${apiKeyLimits.searchPagesMax}页）` }),
    items: z.array(product).meta({ description: '本页商品；超过最后一页时为空数组' }),
  }),
  productParams: z.object({ productId: productIdParam }),
  productResponse: z.object({
    product,
    params: z.array(productParam).meta({ description: '规格参数' }),
    datasheetUrl: z.string().nullable().meta({ description: '数据手册地址' }),
    isRohs: z.boolean().meta({ description: '是否符合 RoHS' }),
    categoryName: z.string().meta({ description: '分类名称' }),
  }),
  lookupQuery: z.object({ partNumber }),
  lookupResponse: z.object({
    partNumber: z.string().meta({ description: '查询的型号' }),
    items: z.array(product).meta({ description: '型号相同的商品（不同品牌可能同型号）；没有时为空数组' }),
  }),
  priceQuery: z.object({
    quantity: z.coerce
      .number({ error: '数量须为1–1000000的整数' })
      .int('数量须为1–1000000的整数')
      .min(1, '数量须为1–1000000的整数')
      .max(1_000_000, '数量须为1–1000000的整数')
      .meta({ description: '数量（个）', example: 100 }),
  }),
  priceResponse: z.object({
    productId: z.number().int().meta({ description: '商品ID' }),
    partNumber: z.string().meta({ description: '制造商型号' }),
    quantity: z.number().int().meta({ description: '查询的数量' }),
    unitPrice: z.string().nullable().meta({ description: '该数量适用的含税单价（元）；商品无价格时为 null' }),
    amount: z.string().meta({ description: '小计（元，两位小数），与购物车的算法一致：单价×数量后四舍五入到分' }),
    amountCents: z.number().int().meta({ description: '小计（分）' }),
    currency,
    tier: priceTier.nullable().meta({ description: '适用的阶梯' }),
    packSize: z.number().int().meta({ description: '最小包装数量' }),
    leadTimeDays: leadTimeDays.meta({ description: '该数量的交期（工作日）：现货足够时为 1；现货不足时为 null，交期未知' }),
    isPurchasable: z.boolean().meta({ description: '该数量是否符合下单规则（整包、上限），不符合的原因见 problem；库存见 stock 接口' }),
    problem: z.string().meta({ description: '不能下单的原因；能下单时为空字符串' }),
  }),
  stockResponse: z.object({
    productId: z.number().int().meta({ description: '商品ID' }),
    partNumber: z.string().meta({ description: '制造商型号' }),
    stock: z.number().int().meta({ description: '现货库存（个）' }),
    packSize: z.number().int().meta({ description: '最小包装数量' }),
    isInStock: z.boolean().meta({ description: '是否有现货' }),
    leadTimeDays,
  }),
  batchBody: z.object({
    partNumbers: z
      .array(partNumber, { error: '请提供型号列表 partNumbers' })
      .min(1, '请至少提供1个型号')
      .max(apiKeyLimits.batchMax, `一次最多查询${apiKeyLimits.batchMax}个型号`)
      .meta({ description: `型号列表，1–${apiKeyLimits.batchMax}个`, example: ['STM32F103C8T6', 'RC0603FR-0710KL'] }),
  }),
  batchResponse: z.object({
    items: z
      .array(
        z.object({
          partNumber: z.string().meta({ description: '查询的型号（按请求顺序）' }),
          isFound: z.boolean().meta({ description: '是否找到' }),
          products: z.array(product).meta({ description: '找到的商品' }),
        }),
      )
      .meta({ description: '每个型号一项，顺序与请求相同' }),
  }),
  bomBody: z.object({
    lines: z
      .array(
        z
          .object({
            partNumber: z.string().trim().max(60, '型号不超过60个字符').default('').meta({ description: '制造商型号', example: 'STM32F103C8T6' }),
            description: z.string().trim().max(200, '描述不超过200个字符').default('').meta({ description: '名称或参数描述，如“贴片电阻 10kΩ ±1%”' }),
            package: z.string().trim().max(30, '封装不超过30个字符').default('').meta({ description: '封装，如 0603' }),
            brand: z.string().trim().max(40, '品牌不超过40个字符').default('').meta({ description: '品牌' }),
            quantity: z
              .number({ error: '数量须为1–1000000的整数' })
              .int('数量须为1–1000000的整数')
              .min(1, '数量须为1–1000000的整数')
              .max(1_000_000, '数量须为1–1000000的整数')
              .meta({ description: '需要的数量（个）', example: 10 }),
          })
          .refine((line) => line.partNumber !== '' || line.description !== '', '每行至少填写型号 partNumber 或描述 description'),
        { error: '请提供 BOM 行 lines' },
      )
      .min(1, '请至少提供1行物料')
      .max(apiKeyLimits.bomLinesMax, `一次最多匹配${apiKeyLimits.bomLinesMax}行物料`)
      .meta({ description: `BOM 行，1–${apiKeyLimits.bomLinesMax}行；每行至少填写型号或描述` }),
  }),
  bomResponse: z.object({
    lines: z
      .array(
        z.object({
          lineNo: z.number().int().meta({ description: '行号（从1开始，按请求顺序）' }),
          status: z
            .enum(['exact', 'recommended', 'multiple', 'none'])
            .meta({ description: '匹配结果：exact 精确匹配，recommended 按参数推荐，multiple 多个候选，none 未匹配' }),
          matchedBy: z
            .enum(['mpn', 'storeCode', 'parameters', 'keyword'])
            .nullable()
            .meta({ description: '匹配依据：mpn 型号，storeCode 商城编号，parameters 参数，keyword 关键词' }),
          confidence: z.enum(['high', 'medium', 'low', 'none']).meta({
            description:
              '把握程度：high 型号或商城编号精确对应唯一商品，medium 已核对参数（阻值、封装、耐压等）一致的推荐，low 多个候选需人工选择，none 未匹配（candidates 为最接近的，仅供参考）',
          }),
          matchReason: z.string().meta({ description: '匹配说明（中文），如“型号一致”“参数一致：…”“未匹配：无此阻值（27kΩ 0603）”' }),
          candidates: z
            .array(
              z.object({
                product,
                orderQuantity: z.number().int().meta({ description: '按整包规则取整后的下单数量' }),
                unitPrice: z.string().nullable().meta({ description: '该下单数量的含税单价（元）' }),
                amount: z.string().meta({ description: '小计（元）' }),
                currency,
              }),
            )
            .meta({ description: '候选商品（即可选的替代料），最匹配的在前（至多5个），各带整包下单数量与价格' }),
        }),
      )
      .meta({ description: '每行一项' }),
    summary: z.object({
      lineCount: z.number().int().meta({ description: '行数' }),
      matchedCount: z.number().int().meta({ description: '有候选的行数' }),
    }),
  }),
} as const;

/** The Product and PriceTier components, for the other /open/v1 schemas (the cart's lines) to reference. */
export { product as openProductSchema, priceTier as openPriceTierSchema };
