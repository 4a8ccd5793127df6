import { ShortfallChoice, type Carrier, type SettlementPricing } from '../../../contract/order.ts';
import { formatCents } from '../../../contract/pricing.ts';

export interface DeliveryOptionsProps {
  carriers: Carrier[];
  carrierCode: string;
  shortfallChoice: ShortfallChoice;
  pricing: SettlementPricing;
  /** A new price is on its way (another address, carrier or coupon): the fee shown would be the old one. */
  isPricing: boolean;
  isDisabled: boolean;
  onCarrier: (code: string) => void;
  onShortfall: (choice: ShortfallChoice) => void;
  /** An accepted offer: both choices keep every quoted unit, the shortfall waits for its stock. */
  isQuotation?: boolean;
}

const shortfallOptions: { value: ShortfallChoice; label: string; hint: string }[] = [
  { value: ShortfallChoice.shipAvailable, label: '先发现货', hint: '有货的商品立即发出，缺货部分不再购买' },
  { value: ShortfallChoice.waitForAll, label: '等待全部到货后发货', hint: '按购物车数量下单，缺货部分到货后一起发出' },
];

/** An offer is ordered whole (a quoted lead time is a back order, never left out): the choice is only how it ships. */
const quotationShortfallOptions: { value: ShortfallChoice; label: string; hint: string }[] = [
  { value: ShortfallChoice.shipAvailable, label: '先发现货，其余到货后发', hint: '现货商品先发出，缺货部分按报价交期到货后再发（分包裹发出）' },
  { value: ShortfallChoice.waitForAll, label: '全部到货后一起发', hint: '等缺货部分按报价交期到货后，全部商品一次发出' },
];

/** The carriers with the fee of the chosen one, and — when a line is short of stock — ship what is in stock now or wait for all. */
export function DeliveryOptions({
  carriers,
  carrierCode,
  shortfallChoice,
  pricing,
  isPricing,
  isDisabled,
  onCarrier,
  onShortfall,
  isQuotation = false,
}: DeliveryOptionsProps) {
  const options = isQuotation ? quotationShortfallOptions : shortfallOptions;
  const isPriced = !isPricing && pricing.carrierCode === carrierCode;
  return (
    <>
      <div className="checkout-carriers" role="radiogroup" aria-label="配送方式">
        {carriers.map((carrier) => {
          const isChosen = carrier.code === carrierCode;
          return (
            <label key={carrier.code} className={isChosen ? 'checkout-option checkout-option--active' : 'checkout-option'} data-testid="carrier-option">
              <input type="radio" name="carrier" value={carrier.code} checked={isChosen} disabled={isDisabled} onChange={() => onCarrier(carrier.code)} />
              <span className="checkout-option__name">{carrier.name}</span>
              <span className="checkout-option__hint">{carrier.description}</span>
            </label>
          );
        })}
      </div>
      <p className="checkout-freight" data-testid="freight-line">
        运费：
        <strong>{isPriced ? formatCents(pricing.freightCents) : '计算中…'}</strong>
        {isPriced && pricing.freightNote ? <span className="checkout-freight__note">{pricing.freightNote}</span> : null}
        {isPriced && !pricing.freightNote && pricing.addressId === null ? <span className="checkout-freight__note">选择收货地址后计算运费</span> : null}
      </p>
      {pricing.hasShortfall ? (
        <fieldset className="checkout-shortfall">
          <legend>{isQuotation ? '部分报价商品需等待到货，请选择发货方式（订单包含全部报价商品）' : '部分商品库存不足，请选择发货方式'}</legend>
          {options.map((option) => (
            <label key={option.value} className={option.value === shortfallChoice ? 'checkout-option checkout-option--active' : 'checkout-option'}>
              <input
                type="radio"
                name="shortfall"
                value={option.value}
                checked={option.value === shortfallChoice}
                disabled={isDisabled}
                onChange={() => onShortfall(option.value)}
              />
              <span className="checkout-option__name">{option.label}</span>
              <span className="checkout-option__hint">{option.hint}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </>
  );
}
