import type { OnAccountOffer } from '../../../contract/company-credit.ts';
import { formatCents } from '../../../contract/money.ts';
import type { CashierState } from '../payment/use-cashier.ts';

/**
 * 月结支付 at the cashier (desktop and phone), for a member of a company with 月结 whose role may use it: the
 * available credit, and the button, or why it cannot pay this order now (the other methods stay).
 */
export function OnAccountChoice({ offer, cashier, isMobile = false }: { offer: OnAccountOffer | null | undefined; cashier: CashierState; isMobile?: boolean }) {
  if (!offer) return null;
  const buttonClass = isMobile ? 'mb-button mb-button--accent mb-button--block' : 'button button--accent button--large';
  return (
    <div className="on-account" data-testid="on-account">
      <p className="on-account__lead">
        <strong>{`月结支付（可用额度 ${formatCents(offer.availableCents)}）`}</strong>
      </p>
      {offer.refusal === null ? (
        <button type="button" className={buttonClass} disabled={cashier.isBusy} onClick={() => cashier.payOnAccount()} data-testid="on-account-pay">
          使用月结支付
        </button>
      ) : (
        <p className="on-account__refusal" role="note" data-testid="on-account-refusal">
          {offer.refusal}
        </p>
      )}
    </div>
  );
}
