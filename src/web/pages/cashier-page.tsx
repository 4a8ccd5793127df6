import { orderErrors, OrderStatus, orderPaths } from '../../contract/order.ts';
import { paymentMessages, type CashierData } from '../../contract/payment.ts';
import { formatCents } from '../../contract/pricing.ts';
import { formatBeijingTime } from '../../contract/time.ts';
import { CheckoutSteps } from '../features/order/checkout-steps.tsx';
import { countdownText } from '../features/order/order-urls.ts';
import { OnAccountChoice } from '../features/company-credit/on-account-choice.tsx';
import { BankPanel, QrPanel } from '../features/payment/payment-instruction.tsx';
import { useCashier, type CashierState } from '../features/payment/use-cashier.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

function Countdown({ expiresAt, now }: { expiresAt: number; now: number | null }) {
  if (now === null) return <p className="cashier-order__time">请于 {formatBeijingTime(expiresAt)} 前完成付款，超时订单将自动取消</p>;
  return (
    <p className="cashier-order__time" data-testid="cashier-countdown">
      剩余付款时间 <strong>{countdownText(expiresAt, now)}</strong>，超时订单将自动取消
    </p>
  );
}

function MethodChoice({ data, cashier }: { data: CashierData; cashier: CashierState }) {
  const { chosen, instruction, isBusy, notice } = cashier;
  return (
    <section className="cashier-methods" aria-labelledby="cashier-methods-title">
      <h2 id="cashier-methods-title" className="cashier-methods__title">
        选择支付方式
      </h2>
      <div className="cashier-methods__list" role="radiogroup" aria-label="支付方式">
        {data.methods.map((option) => (
          <label key={option.method} className={`cashier-method${chosen === option.method ? ' cashier-method--chosen' : ''}`}>
            <input
              type="radio"
              name="payment-method"
              value={option.method}
              checked={chosen === option.method}
              disabled={isBusy}
              onChange={() => cashier.choose(option.method)}
            />
            <span className="cashier-method__label">{option.label}</span>
            <span className="cashier-method__hint">{option.hint}</span>
          </label>
        ))}
      </div>
      <OnAccountChoice offer={data.onAccount} cashier={cashier} />
      {notice ? (
        <p className="cashier-notice" role="alert">
          {notice}
        </p>
      ) : null}
      {isBusy && !instruction ? <p className="cashier-muted">正在生成付款信息…</p> : null}
      {instruction?.kind === 'qr' ? <QrPanel instruction={instruction} /> : null}
      {instruction?.kind === 'bank' ? <BankPanel instruction={instruction} /> : null}
      {chosen === 'development' ? (
        <div className="cashier-panel">
          <p className="cashier-panel__lead">模拟支付仅用于开发和演示，不产生真实扣款。</p>
          <button type="button" className="button button--accent button--large" disabled={isBusy} onClick={() => cashier.payByDevelopment()}>
            模拟支付成功
          </button>
        </div>
      ) : null}
    </section>
  );
}

function ClosedOrder({ data, cashier }: { data: CashierData; cashier: CashierState }) {
  const isCancelled = cashier.order.status === OrderStatus.cancelled || cashier.isOverdue;
  const cancelledText = cashier.hasExpired ? paymentMessages.expired : '订单已取消';
  return (
    <section className="cashier-closed" role="status" data-testid="cashier-closed">
      <p className="cashier-closed__text">
        {cashier.order.status === OrderStatus.awaitingApproval
          ? orderErrors.awaitingApproval.msg
          : isCancelled
            ? cancelledText
            : `订单已支付（${cashier.order.statusLabel}）`}
      </p>
      <p>
        <a className="button button--primary" href={data.detailPath}>
          查看订单详情
        </a>{' '}
        <a className="button" href={orderPaths.list}>
          我的订单
        </a>
      </p>
    </section>
  );
}

/** /offer/pay/:orderNo, the cashier (收银台): the amount, the time left, the methods and how to pay. */
export function CashierPage({ shell, data }: PageProps<CashierData>) {
  const cashier = useCashier(data);
  const isOpen = cashier.order.status === OrderStatus.unpaid && !cashier.isOverdue;
  return (
    <PageShell shell={shell}>
      <header className="checkout-head">
        <h1 className="checkout-head__title">收银台</h1>
        <CheckoutSteps current={isOpen ? '付款' : '完成'} />
      </header>
      <div className="cashier">
        <section className="cashier-order" aria-label="订单信息">
          <div>
            <p className="cashier-order__lead">{isOpen ? '订单提交成功，请尽快付款！' : `订单状态：${cashier.order.statusLabel}`}</p>
            <p className="cashier-order__no">
              订单号：<span data-testid="cashier-order-no">{data.orderNo}</span>
            </p>
            {isOpen && cashier.expiresAt !== null ? <Countdown expiresAt={cashier.expiresAt} now={cashier.now} /> : null}
          </div>
          <p className="cashier-order__amount">
            应付金额 <strong className="price price--large">{formatCents(data.payableCents)}</strong>
          </p>
        </section>
        {isOpen ? <MethodChoice data={data} cashier={cashier} /> : <ClosedOrder data={data} cashier={cashier} />}
      </div>
    </PageShell>
  );
}
