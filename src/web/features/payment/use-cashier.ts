import { useEffect, useRef, useState } from 'react';
import { OrderStatus, PaymentMethod } from '../../../contract/order.ts';
import { paymentMessages, paymentPollMs, type CashierData, type PaymentInstruction, type PaymentStatus } from '../../../contract/payment.ts';
import { paymentCalls, paymentDevCalls } from '../../../contract/payment-calls.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { useNow } from '../order/use-now.ts';

const networkFailureMessage = '网络异常，请稍后重试';

/** Where the cashier's order stands now: as loaded, then as the status calls answer. */
interface OrderState {
  status: OrderStatus;
  statusLabel: string;
}

/** Takes in what the server says of the order; a paid order goes on to its detail page. */
function followStatus(answer: PaymentStatus, setOrder: (order: OrderState) => void) {
  setOrder({ status: answer.status, statusLabel: answer.statusLabel });
  if (answer.isPaid) {
    showToast(paymentMessages.paid);
    window.location.assign(answer.detailPath);
  }
}

/**
 * The cashier's behaviour: choosing a method (one request at a time), the instruction it answers,
 * polling every 2 s while a QR code waits to be paid (then on to the order's detail), 模拟支付, and
 * the countdown: at zero the order is reported cancelled, and the server asked to confirm it.
 */
export function useCashier(data: CashierData) {
  const [order, setOrder] = useState<OrderState>({ status: data.status, statusLabel: data.statusLabel });
  const [chosen, setChosen] = useState<PaymentMethod | null>(data.instruction?.method ?? null);
  const [instruction, setInstruction] = useState<PaymentInstruction | null>(data.instruction);
  // 对公转账 moves the order's deadline out to the bank-transfer window; the instruction says to when.
  const [expiresAt, setExpiresAt] = useState<number | null>(data.expiresAt);
  const [isBusy, setIsBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const busy = useRef(false);
  const isUnpaid = order.status === OrderStatus.unpaid;
  const now = useNow(isUnpaid && expiresAt !== null);
  // The clock stops once the order is no longer unpaid, so hasExpired stays what it was when it did.
  const hasExpired = now !== null && expiresAt !== null && now >= expiresAt;
  const isOverdue = isUnpaid && hasExpired;

  async function run(action: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    setIsBusy(true);
    setNotice('');
    try {
      await action();
    } catch (error) {
      setNotice(errorMessageOf(error) || networkFailureMessage);
    } finally {
      busy.current = false;
      setIsBusy(false);
    }
  }

  const isPolling = isUnpaid && !isOverdue && instruction?.kind === 'qr';
  useEffect(() => {
    if (!isPolling) return;
    const timer = window.setInterval(() => {
      // A failed poll is simply tried again at the next tick.
      callApi(paymentCalls.status, { orderNo: data.orderNo }).then(
        (answer) => followStatus(answer, setOrder),
        () => undefined,
      );
    }, paymentPollMs);
    return () => window.clearInterval(timer);
  }, [isPolling, data.orderNo]);

  useEffect(() => {
    if (!isOverdue) return;
    callApi(paymentCalls.status, { orderNo: data.orderNo }).then(
      (answer) => followStatus(answer, setOrder),
      () => undefined,
    );
  }, [isOverdue, data.orderNo]);

  return {
    order,
    expiresAt,
    now,
    hasExpired,
    isOverdue,
    chosen,
    instruction,
    isBusy,
    notice,
    choose(method: PaymentMethod) {
      if (busy.current || method === PaymentMethod.onAccount) return;
      setChosen(method);
      if (instruction?.method === method) return;
      setInstruction(null);
      void run(async () => {
        const answer = await callApi(paymentCalls.create, { orderNo: data.orderNo, method });
        setInstruction(answer);
        if (answer.kind === 'bank' && answer.payBefore !== null) setExpiresAt(answer.payBefore);
      });
    },
    /** 月结支付: charged to the company's credit at once, then on to the order (a refusal stays on the cashier). */
    payOnAccount() {
      setChosen(PaymentMethod.onAccount);
      setInstruction(null);
      void run(async () => {
        followStatus(await callApi(paymentCalls.payOnAccount, { orderNo: data.orderNo }), setOrder);
      });
    },
    payByDevelopment() {
      void run(async () => {
        followStatus(await callApi(paymentDevCalls.devPay, { orderNo: data.orderNo }), setOrder);
      });
    },
  };
}

export type CashierState = ReturnType<typeof useCashier>;

/** Copies text for the buyer (the bank account, the reference), saying whether it worked. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(paymentMessages.copied);
  } catch {
    showToast(paymentMessages.copyFailed);
  }
}
