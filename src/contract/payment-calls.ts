import { memberCall } from './call.ts';
import type { PaymentInstruction, PaymentMethodOption, PaymentStatus } from './payment.ts';
import type { paymentDevRequests, paymentRequests } from './payment-requests.ts';

type Requests = typeof paymentRequests;

/** The cashier's calls: the member's own unpaid orders only. */
export const paymentCalls = {
  /** The methods offered for this order now. */
  methods: memberCall<Requests['methods'], PaymentMethodOption[]>('/pay/api/methods'),
  /** Chooses a method: the QR address, the bank details, or (模拟支付) nothing to show. */
  create: memberCall<Requests['create'], PaymentInstruction>('/pay/api/create'),
  /** Polled by the cashier while a QR is shown. */
  status: memberCall<Requests['status'], PaymentStatus>('/pay/api/status'),
  /** 月结支付: the order charged to the member's company's credit at once (decision 0030). */
  payOnAccount: memberCall<Requests['payOnAccount'], PaymentStatus>('/pay/api/payOnAccount'),
};

/** 模拟支付: registered only where the development provider is enabled (elsewhere the path is unknown). */
export const paymentDevCalls = {
  devPay: memberCall<(typeof paymentDevRequests)['devPay'], PaymentStatus>('/pay/api/devPay'),
};
