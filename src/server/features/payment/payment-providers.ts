import { PaymentMethod, paymentMethodLabels } from '../../../contract/order.ts';
import { paymentMethodHints, type PaymentMethodOption } from '../../../contract/payment.ts';
import type { PaymentConfig } from '../../config.ts';
import { createAlipayProvider } from './alipay-provider.ts';
import type { NotifyingProvider, PaymentProvider } from './payment-provider.ts';
import { createWechatPayProvider } from './wechat-pay-provider.ts';

/** The methods this store offers: each one whose provider is configured (模拟支付 only where enabled). */
export interface PaymentProviders {
  /** In the cashier's order. */
  options: PaymentMethodOption[];
  find(method: PaymentMethod): PaymentProvider | null;
  /** Alipay and WeChat Pay when configured: they call the store back. */
  notifying: NotifyingProvider[];
}

/** What a bank-transfer refund records: nothing is asked of a provider, staff pay it out. */
export const offlineRefundAnswer = '线下退款：请财务转账退回买家付款账户后确认';

/** 对公转账: the store's account, and the order number as the transfer's reference (附言). */
function bankTransferProvider(bank: PaymentConfig['bank']): PaymentProvider {
  return {
    method: PaymentMethod.bankTransfer,
    createPayment: (request) =>
      Promise.resolve({
        kind: 'bank',
        method: 'bankTransfer',
        account: { ...bank },
        reference: request.orderNo,
        amountCents: request.amountCents,
        payBefore: request.expiresAt,
      }),
    // The store's own account pays it back: staff transfer the money and confirm it (confirmOfflineRefund).
    refund: () => Promise.resolve({ status: 'processing', providerRefundNo: null, answer: offlineRefundAnswer }),
  };
}

/** 月结支付: nothing to show or collect (the company pays its 对账单); a refund goes back to the company's credit at once (endRefund credits it). */
const onAccountProvider: PaymentProvider = {
  method: PaymentMethod.onAccount,
  createPayment: () => Promise.resolve({ kind: 'instant', method: 'onAccount' }),
  refund: (request) => Promise.resolve({ status: 'succeeded', providerRefundNo: `ACR${request.refundNo}`, answer: '已退回企业月结额度' }),
};

/** 模拟支付: nothing to show; the cashier's button pays through the same path a provider's notification takes. */
const developmentProvider: PaymentProvider = {
  method: PaymentMethod.development,
  createPayment: () => Promise.resolve({ kind: 'instant', method: 'development' }),
  refund: (request) => Promise.resolve({ status: 'succeeded', providerRefundNo: `DEVR${request.refundNo}`, answer: '模拟退款成功' }),
  // It keeps no trades: a payment it did not settle at once never came, and a refund it did not answer is asked again (and succeeds).
  queryPayment: () => Promise.resolve({ status: 'unpaid', answer: '模拟支付无此交易' }),
  queryRefund: () => Promise.resolve({ status: 'notFound', providerRefundNo: null, answer: '模拟支付无此退款' }),
};

export function createPaymentProviders(config: PaymentConfig): PaymentProviders {
  const notifying = [config.alipay && createAlipayProvider(config.alipay), config.wechat && createWechatPayProvider(config.wechat)].filter(
    (provider): provider is NotifyingProvider => provider !== null,
  );
  const all: PaymentProvider[] = [...notifying, bankTransferProvider(config.bank), ...(config.isDevelopmentEnabled ? [developmentProvider] : [])];
  return {
    // 月结支付 is offered per member (the cashier's onAccount), never in the list every buyer sees.
    options: all.map(({ method }) => ({ method, label: paymentMethodLabels[method], hint: paymentMethodHints[method] })),
    find: (method) => [...all, onAccountProvider].find((provider) => provider.method === method) ?? null,
    notifying,
  };
}
