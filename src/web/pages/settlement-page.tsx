import { useState, type ReactNode } from 'react';
import { contactPhoneOf, fullAddressOf, type Address } from '../../contract/address.ts';
import { orderPaths, type SettlementData } from '../../contract/order.ts';
import { formatCents } from '../../contract/pricing.ts';
import { AddressBook } from '../features/address/address-book.tsx';
import { InvoicePicker } from '../features/invoice/invoice-picker.tsx';
import { CheckoutSteps } from '../features/order/checkout-steps.tsx';
import { CouponOptions } from '../features/order/coupon-options.tsx';
import { DeliveryOptions } from '../features/order/delivery-options.tsx';
import { DispatchWarehouses } from '../features/order/dispatch-warehouses.tsx';
import { OrderLinesTable, settlementRowsOf } from '../features/order/order-lines-table.tsx';
import { PoNumberField } from '../features/order/po-number-field.tsx';
import { PriceSummary } from '../features/order/price-summary.tsx';
import { useSettlement, type SettlementState } from '../features/order/use-settlement.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

const remarkMaxLength = 200;

function CheckoutSection({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const headingId = `checkout-${title}`;
  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <header className="checkout-section__head">
        <h2 id={headingId} className="checkout-section__title">
          {title}
        </h2>
        {aside}
      </header>
      {children}
    </section>
  );
}

function SubmitBar({
  settlement,
  address,
  isPickup,
  isQuotation,
}: {
  settlement: SettlementState;
  address: Address | null;
  isPickup: boolean;
  isQuotation: boolean;
}) {
  const { pricing, notice, isPlacing, isPricing } = settlement;
  const hasGoods = pricing.lines.some((line) => line.quantity > 0);
  return (
    <div className="checkout-bar">
      {notice ? (
        <p className="checkout-bar__notice" role="alert">
          {notice.text}
          {notice.isCartProblem ? (
            <a className="checkout-bar__back" href={isQuotation ? '/user/quotation' : orderPaths.cart}>
              {isQuotation ? '返回我的询价 ›' : '返回购物车修改 ›'}
            </a>
          ) : null}
        </p>
      ) : null}
      <div className="checkout-bar__main">
        <div className="checkout-bar__where" data-testid="ship-to">
          {isPickup ? (
            <span>配送方式：上门自提</span>
          ) : address ? (
            <>
              <span>寄送至：{fullAddressOf(address)}</span>
              <span>
                收货人：{address.receiver} {contactPhoneOf(address)}
              </span>
            </>
          ) : (
            <span className="checkout-bar__missing">请选择收货地址</span>
          )}
        </div>
        <div className="checkout-bar__pay">
          应付总额：
          <strong className="price price--large" data-testid="bar-payable">
            {formatCents(pricing.payableCents)}
          </strong>
        </div>
        <button
          type="button"
          className="button button--accent button--large checkout-bar__submit"
          disabled={isPlacing || isPricing || !hasGoods}
          aria-busy={isPlacing}
          onClick={() => void settlement.place()}
        >
          {isPlacing ? '提交中…' : '提交订单'}
        </button>
      </div>
    </div>
  );
}

function DeliverySection({ settlement, data }: { settlement: SettlementState; data: SettlementData }) {
  const { pricing, choices } = settlement;
  return (
    <CheckoutSection title="配送方式">
      <DeliveryOptions
        carriers={data.carriers}
        carrierCode={choices.carrierCode}
        shortfallChoice={choices.shortfallChoice}
        pricing={pricing}
        isPricing={settlement.isPricing}
        isDisabled={settlement.isPlacing}
        onCarrier={settlement.chooseCarrier}
        onShortfall={settlement.chooseShortfall}
        isQuotation={data.quotation !== undefined}
      />
      <DispatchWarehouses warehouses={data.dispatchWarehouses} />
    </CheckoutSection>
  );
}

/** The lines to buy, with a warning when some changed since they went into the cart. */
function LinesSection({ settlement, data }: { settlement: SettlementState; data: SettlementData }) {
  const { pricing } = settlement;
  const changedCount = pricing.lines.filter((line) => line.changes.length > 0).length;
  return (
    <CheckoutSection
      title="商品清单"
      aside={
        data.quotation ? (
          <a className="checkout-section__link" href="/user/quotation">
            报价单 {data.quotation.quotationNo}（按报价价格结算）
          </a>
        ) : (
          <a className="checkout-section__link" href={orderPaths.cart}>
            返回购物车修改
          </a>
        )
      }
    >
      {changedCount > 0 ? (
        <p className="checkout-warning" role="status">
          有 {changedCount} 种商品自加入购物车后价格、库存或包装数量发生了变化，以下已按最新信息计算，请核对后提交。
        </p>
      ) : null}
      <OrderLinesTable rows={settlementRowsOf(pricing.lines, pricing.shortfallChoice, data.quotation)} rowTestId="settlement-line" label="结算商品" />
    </CheckoutSection>
  );
}

function CouponSection({ settlement }: { settlement: SettlementState }) {
  const { pricing } = settlement;
  return (
    <CheckoutSection
      title="优惠券"
      aside={
        pricing.memberCouponIds.length > 0 ? (
          <span className="checkout-section__aside" data-testid="coupon-saving">
            已选 {pricing.memberCouponIds.length} 张，共优惠 {formatCents(pricing.goodsDiscountCents + pricing.freightDiscountCents)}
          </span>
        ) : null
      }
    >
      <CouponOptions
        coupons={pricing.coupons}
        chosenIds={settlement.shownCouponIds}
        isDisabled={settlement.isPlacing || settlement.isPricing}
        onToggle={settlement.toggleCoupon}
      />
    </CheckoutSection>
  );
}

/** /offer/settlement (members): the cart's selected lines priced now, with address, delivery, invoice, coupons and the amount to pay. */
export function SettlementPage({ shell, data }: PageProps<SettlementData>) {
  const settlement = useSettlement(data);
  const { pricing, choices } = settlement;
  // Addresses the page has seen: the book's own, and any added or edited in place.
  const [knownAddresses, setKnownAddresses] = useState<Address[]>(data.addresses);
  const address = knownAddresses.find((entry) => entry.id === choices.addressId) ?? null;
  const carrier = data.carriers.find((entry) => entry.code === choices.carrierCode);
  const isPickup = carrier?.isPickup === true;

  return (
    <PageShell shell={shell}>
      <header className="checkout-head">
        <h1 className="checkout-head__title">订单结算</h1>
        <CheckoutSteps current="确认订单" />
      </header>
      {pricing.lines.length === 0 ? (
        <section className="checkout-empty">
          <p>购物车中没有勾选要结算的商品</p>
          <a className="button button--primary" href={orderPaths.cart}>
            返回购物车
          </a>
        </section>
      ) : (
        <div className="checkout">
          <CheckoutSection title="收货地址">
            {isPickup ? (
              <p className="checkout-muted">
                {carrier.name}：{carrier.description}
              </p>
            ) : (
              <AddressBook
                initialAddresses={data.addresses}
                selectedId={choices.addressId}
                onSelect={(chosen) => {
                  setKnownAddresses((current) => [chosen, ...current.filter((entry) => entry.id !== chosen.id)]);
                  settlement.chooseAddress(chosen.id);
                }}
              />
            )}
          </CheckoutSection>
          <DeliverySection settlement={settlement} data={data} />
          <LinesSection settlement={settlement} data={data} />
          <CheckoutSection title="发票信息">
            <InvoicePicker initialProfiles={data.invoiceProfiles} value={settlement.invoice} onChange={settlement.setInvoice} />
          </CheckoutSection>
          <CouponSection settlement={settlement} />
          <CheckoutSection title="采购信息">
            <PoNumberField
              value={settlement.poNumber}
              problem={settlement.poNumberProblem}
              isDisabled={settlement.isPlacing}
              onChange={settlement.setPoNumber}
              className="po-number"
            />
          </CheckoutSection>
          <CheckoutSection title="订单备注">
            <textarea
              className="checkout-remark"
              aria-label="订单备注"
              placeholder="选填，如对包装、发货有特殊要求请在此说明（200字以内）"
              maxLength={remarkMaxLength}
              value={settlement.remark}
              onChange={(event) => settlement.setRemark(event.target.value)}
            />
          </CheckoutSection>
          <section className="checkout-section checkout-section--summary" aria-label="结算">
            <PriceSummary pricing={pricing} />
            <p className="checkout-muted checkout-pay-hint">提交订单后请在 {data.paymentMinutes} 分钟内完成付款，超时订单将自动取消。</p>
          </section>
          <SubmitBar settlement={settlement} address={address} isPickup={isPickup} isQuotation={data.quotation !== undefined} />
        </div>
      )}
    </PageShell>
  );
}
