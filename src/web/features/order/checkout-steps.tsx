const steps = ['购物车', '确认订单', '付款', '完成'] as const;
export type CheckoutStep = (typeof steps)[number];

/** 购物车 → 确认订单 → 付款 → 完成, with the steps done and the current one marked. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const currentIndex = steps.indexOf(current);
  return (
    <ol className="checkout-steps" aria-label="下单步骤">
      {steps.map((step, index) => {
        const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
        return (
          <li key={step} className={`checkout-steps__step checkout-steps__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="checkout-steps__number" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className="checkout-steps__label">{step}</span>
          </li>
        );
      })}
    </ol>
  );
}
