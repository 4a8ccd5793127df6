import type { PaymentInstruction } from '../../../../contract/payment.ts';
import {
  ProviderError,
  type NotificationRequest,
  type NotifyingProvider,
  type ProviderPaymentState,
  type ProviderRefund,
  type ProviderRefundState,
  type RefundNotificationVerdict,
  type RefundQuery,
  type RefundRequest,
} from '../payment-provider.ts';
import type { PaymentProviders } from '../payment-providers.ts';

/**
 * A provider held in memory for the payment model test: it keeps its trades and refunds as a real
 * one would (a refund number refunds once, a trade never gives back more than it took), answers the
 * store's queries from them, and takes notifications as trusted JSON. `refundMode` decides how it
 * answers a new refund: refunds it, refuses it, or refunds it and loses the answer.
 */

export type RefundMode = 'ok' | 'refuse' | 'lose';

export interface MemoryTrade {
  orderNo: string;
  tradeNo: string;
  amountCents: number;
  paidAt: number;
}

export interface MemoryRefund {
  refundNo: string;
  orderNo: string;
  amountCents: number;
  /** WeChat-like refunds stay processing until the test ends them; Alipay-like ones succeed at once. */
  status: 'processing' | 'succeeded';
}

export interface MemoryProvider extends NotifyingProvider {
  trades: Map<string, MemoryTrade>;
  refunds: Map<string, MemoryRefund>;
  refundMode: RefundMode;
  /** Refund calls received, repeats included. */
  refundCalls: number;
  /** What went back to the buyer of a trade: the refunds it made. */
  moneyBack(orderNo: string): number;
}

export function createMemoryProvider(method: 'alipay' | 'wechat'): MemoryProvider {
  const isAsync = method === 'wechat';
  const trades = new Map<string, MemoryTrade>();
  const refunds = new Map<string, MemoryRefund>();
  const provider: MemoryProvider = {
    method,
    trades,
    refunds,
    refundMode: 'ok',
    refundCalls: 0,
    moneyBack: (orderNo) => [...refunds.values()].filter((refund) => refund.orderNo === orderNo).reduce((sum, refund) => sum + refund.amountCents, 0),
    createPayment: (request): Promise<PaymentInstruction> =>
      Promise.resolve({ kind: 'qr', method, codeUrl: `memory://${method}/${request.orderNo}`, webPayUrl: null, qrImage: '' }),
    refund(request: RefundRequest): Promise<ProviderRefund> {
      provider.refundCalls += 1;
      const known = refunds.get(request.refundNo);
      if (known) return Promise.resolve({ status: known.status, providerRefundNo: `M${known.refundNo}`, answer: `repeat ${known.status}` });
      const trade = trades.get(request.orderNo);
      const given = provider.moneyBack(request.orderNo);
      if (provider.refundMode === 'refuse' || !trade || given + request.amountCents > trade.amountCents) {
        return Promise.resolve({ status: 'failed', providerRefundNo: null, answer: 'refused' });
      }
      const refund: MemoryRefund = {
        refundNo: request.refundNo,
        orderNo: request.orderNo,
        amountCents: request.amountCents,
        status: isAsync ? 'processing' : 'succeeded',
      };
      refunds.set(request.refundNo, refund);
      if (provider.refundMode === 'lose') return Promise.reject(new ProviderError(method, 'the answer was lost'));
      return Promise.resolve({ status: refund.status, providerRefundNo: `M${refund.refundNo}`, answer: refund.status });
    },
    queryPayment(orderNo: string): Promise<ProviderPaymentState> {
      const trade = trades.get(orderNo);
      return Promise.resolve(trade ? { status: 'paid', payment: { ...trade } } : { status: 'unpaid', answer: 'NOTPAY' });
    },
    queryRefund(query: RefundQuery): Promise<ProviderRefundState> {
      const refund = refunds.get(query.refundNo);
      return Promise.resolve(
        refund
          ? { status: refund.status, providerRefundNo: `M${refund.refundNo}`, answer: `query ${refund.status}` }
          : { status: 'notFound', providerRefundNo: null, answer: 'none' },
      );
    },
    verifyNotification(request: NotificationRequest) {
      const trade = JSON.parse(request.rawBody) as MemoryTrade;
      return { kind: 'payment', payment: trade };
    },
    verifyRefundNotification(request: NotificationRequest): RefundNotificationVerdict {
      const refund = JSON.parse(request.rawBody) as MemoryRefund;
      return {
        kind: 'refund',
        refundNo: refund.refundNo,
        orderNo: refund.orderNo,
        status: 'succeeded',
        providerRefundNo: `M${refund.refundNo}`,
        amountCents: refund.amountCents,
        answer: 'notified',
      };
    },
    answers: { accepted: { status: 200, contentType: 'text/plain', body: 'ok' }, refused: { status: 400, contentType: 'text/plain', body: 'no' } },
  };
  return provider;
}

export function memoryProviders(providers: readonly MemoryProvider[]): PaymentProviders {
  return {
    options: [],
    find: (method) => providers.find((provider) => provider.method === method) ?? null,
    notifying: [...providers],
  };
}
