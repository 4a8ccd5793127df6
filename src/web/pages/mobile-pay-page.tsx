import { mobileBuyPaths, type MobileCashierData } from '../../contract/mobile-buy.ts';
import { orderErrors, OrderStatus } from '../../contract/order.ts';
import { paymentMessages } from '../../contract/payment.ts';
import { formatCents } from '../../contract/pricing.ts';
import { formatBeijingTime } from '../../contract/time.ts';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { countdownText } from '../features/order/order-urls.ts';
import { OnAccountChoice } from '../features/company-credit/on-account-choice.tsx';
import { BankPanel, QrPanel } from '../features/payment/payment-instruction.tsx';
import { useCashier, type CashierState } from '../features/payment/use-cashier.ts';
import type { PageProps } from './page-props.ts';
/** The methods of an open order, with the chosen method's instruction (QR code, bank transfer or simulated payment). */
function PayMethods({
  cashier,
  methods,
  onAccount,
}: {
  cashier: CashierState;
  methods: MobileCashierData['cashier']['methods'];
  onAccount: MobileCashierData['cashier']['onAccount'];
}) {
  const { chosen, instruction, isBusy, notice } = cashier;
  return (
    <section className="mb-card" aria-labelledby="m-pay-methods">
      <h2 id="m-pay-methods" className="mb-card__title">
        选择支付方式
      </h2>
      <div className="mb-methods" role="radiogroup" aria-label="支付方式">
        {methods.map((option) => (
          <label key={option.method} className={chosen === option.method ? 'mb-method mb-method--chosen' : 'mb-method'}>
            <input
              type="radio"
              name="payment-method"
              value={option.method}
              checked={chosen === option.method}
              disabled={isBusy}
              onChange={() => cashier.choose(option.method)}
            />
            <span className="mb-method__label">{option.label}</span>
            <span className="mb-muted">{option.hint}</span>
          </label>
        ))}
      </div>
      <OnAccountChoice offer={onAccount} cashier={cashier} isMobile />
      {notice ? (
        <p className="mb-notice" role="alert">
          {notice}
        </p>
      ) : null}
      {isBusy && !instruction ? <p className="mb-muted">正在生成付款信息…</p> : null}
      {instruction?.kind === 'qr' ? <QrPanel instruction={instruction} /> : null}
      {instruction?.kind === 'bank' ? <BankPanel instruction={instruction} /> : null}
      {chosen === 'development' ? (
        <div className="mb-dev-pay">
          <p className="mb-muted">模拟支付仅用于开发和演示，不产生真实扣款。</p>
          <button type="button" className="mb-button mb-button--accent mb-button--block" disabled={isBusy} onClick={() => cashier.payByDevelopment()}>
            模拟支付成功
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** /m/offer/pay/:orderNo (the member's own order): the desktop cashier's methods and behaviour, one column. */
export function MobilePayPage({ shell, data }: PageProps<MobileCashierData>) {
  const { cashier: initial } = data;
  const paths = mobileBuyPaths(data.basePath);
  const cashier = useCashier(initial);
  const isOpen = cashier.order.status === OrderStatus.unpaid && !cashier.isOverdue;
  const isCancelled = cashier.order.status === OrderStatus.cancelled || cashier.isOverdue;
  const detailHref = paths.orderDetail(initial.orderNo);

  return (
    <MobileFrame shell={shell} basePath={data.basePath} title="收银台" backHref={detailHref}>
      <section className="mb-state" aria-label="订单信息">
        <p>{isOpen ? '订单提交成功，请尽快付款！' : `订单状态：${cashier.order.statusLabel}`}</p>
        <p className="mb-state__amount">
          <strong className="mb-price" data-testid="m-pay-amount">
            {formatCents(initial.payableCents)}
          </strong>
        </p>
        <p className="mb-state__no">
          订单号 <span data-testid="m-pay-order-no">{initial.orderNo}</span>
        </p>
        {isOpen && cashier.expiresAt !== null ? (
          <p className="mb-countdown">
            {cashier.now === null
              ? `请于 ${formatBeijingTime(cashier.expiresAt)} 前完成付款`
              : `剩余付款时间 ${countdownText(cashier.expiresAt, cashier.now)}，超时订单将自动取消`}
          </p>
        ) : null}
      </section>
      {isOpen ? (
        <PayMethods cashier={cashier} methods={initial.methods} onAccount={initial.onAccount} />
      ) : (
        <section className="mb-card" role="status" data-testid="m-pay-closed">
          <p>
            {cashier.order.status === OrderStatus.awaitingApproval
              ? orderErrors.awaitingApproval.msg
              : isCancelled
                ? cashier.hasExpired
                  ? paymentMessages.expired
                  : '订单已取消'
                : `订单已支付（${cashier.order.statusLabel}）`}
          </p>
          <p className="mb-actions">
            <a className="mb-button" href={paths.orderList}>
              我的订单
            </a>
            <a className="mb-button mb-button--primary" href={detailHref}>
              查看订单详情
            </a>
          </p>
        </section>
      )}
    </MobileFrame>
  );
}
