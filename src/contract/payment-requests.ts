import { z } from 'zod';
import { PaymentMethod } from './order.ts';
import { orderNoSchema } from './order-requests.ts';

const methodSchema = z.enum([PaymentMethod.alipay, PaymentMethod.wechat, PaymentMethod.bankTransfer, PaymentMethod.development], { error: '请选择支付方式' });

/** The request schemas of paymentCalls, one per call. */
export const paymentRequests = {
  methods: z.object({ orderNo: orderNoSchema }),
  create: z.object({ orderNo: orderNoSchema, method: methodSchema }),
  status: z.object({ orderNo: orderNoSchema }),
  payOnAccount: z.object({ orderNo: orderNoSchema }),
};

export const paymentDevRequests = {
  devPay: z.object({ orderNo: orderNoSchema }),
};
