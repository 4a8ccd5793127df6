// Orders through /open/v1 (issue 28): limits, headers and errors; zod-free.
import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';

export const openOrderLimits = {
  /** Orders a page of GET /orders. */
  pageSize: 20,
  pagesMax: 500,
  /** How long an Idempotency-Key of POST /orders is kept. */
  idempotencyHours: 24,
  idempotencyKeyMax: 255,
} as const;

export const idempotencyKeyHeader = 'idempotency-key';

export const openOrderErrors = defineErrors('openOrder', {
  idempotencyKeyMissing: { code: ResultCode.badRequest, msg: '请在 Idempotency-Key 请求头中提供幂等键（1–255 个可见 ASCII 字符），重试时使用同一个键' },
  idempotencyKeyReleased: { code: ResultCode.conflict, msg: '同一 Idempotency-Key 的另一个并发请求已失败，该键已释放：请用同一个键重试' },
  idempotencyKeyReused: { code: ResultCode.conflict, msg: '该 Idempotency-Key 已用于另一个请求体不同的下单请求，请为新订单使用新的幂等键' },
  duplicateLine: { code: ResultCode.badRequest, msg: '同一商品在订单中只能出现一次，请合并数量' },
  partNotFound: { code: ResultCode.badRequest, msg: '型号不存在' },
  partAmbiguous: { code: ResultCode.badRequest, msg: '该型号有多个品牌的商品，请改用 productId 指定' },
  notSandboxOrder: { code: ResultCode.notFound, msg: '订单不存在：模拟支付仅适用于沙箱密钥所下的订单' },
  sandboxQuotation: { code: ResultCode.forbidden, msg: '沙箱密钥不能发起询价：询价由客服人工报价，请使用正式密钥' },
  cartEmpty: { code: ResultCode.conflict, msg: '购物车是空的，请先用 PUT /open/v1/cart/lines 加入商品' },
  cartFull: { code: ResultCode.badRequest, msg: '购物车商品种数已达上限，请先下单或删除部分商品' },
  cartLineNotFound: { code: ResultCode.notFound, msg: '购物车中没有该商品' },
});
