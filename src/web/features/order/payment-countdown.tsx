import { formatBeijingTime } from '../../../contract/time.ts';
import { countdownText } from './order-urls.ts';
import { useNow } from './use-now.ts';

/** 剩余付款时间 mm:ss until the unpaid order is cancelled; before the clock starts, the deadline itself. */
export function PaymentCountdown({ expiresAt, className = 'payment-countdown' }: { expiresAt: number; className?: string }) {
  const now = useNow(true);
  if (now === null) {
    return <span className={className}>请于 {formatBeijingTime(expiresAt)} 前付款</span>;
  }
  if (now >= expiresAt) {
    return (
      <span className={`${className} ${className}--over`} role="status">
        付款已超时，订单将自动取消
      </span>
    );
  }
  return (
    <span className={className} data-testid="payment-countdown">
      剩余付款时间 <strong>{countdownText(expiresAt, now)}</strong>
    </span>
  );
}
