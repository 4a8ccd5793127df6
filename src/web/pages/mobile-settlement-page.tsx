import type { ReactNode } from 'react';
import { mobileBuyPaths, type MobileSettlementData } from '../../contract/mobile-buy.ts';
import { formatUnitPriceE4 } from '../../contract/money.ts';
import { formatCents } from '../../contract/pricing.ts';
import { InvoicePicker } from '../features/invoice/invoice-picker.tsx';
import { MobileAddressChoice } from '../features/mobile/buy/mobile-address-choice.tsx';
import { MobileFrame } from '../features/mobile/mobile-frame.tsx';
import { CouponOptions } from '../features/order/coupon-options.tsx';
import { DeliveryOptions } from '../features/order/delivery-options.tsx';
import { settlementRowsOf } from '../features/order/order-lines-table.tsx';
import { PoNumberField } from '../features/order/po-number-field.tsx';
import { PriceSummary } from '../features/order/price-summary.tsx';
import { useSettlement, type SettlementState } from '../features/order/use-settlement.ts';
import type { PageProps } from './page-props.ts';

const remarkMaxLength = 200;

function Card({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section className="mb-card" aria-label={title}>
      <header className="mb-card__head">
        <h2 className="mb-card__title">{title}</h2>
        {aside}
      </header>
      {children}
    </section>
  );
}

function MobileSubmitBar({ settlement }: { settlement: SettlementState }) {
  const { pricing } = settlement;
  const hasGoods = pricing.lines.some((line) => line.quantity > 0);
  return (
    <div className="mb-bar">
      <span className="mb-bar__sum">
        应付{' '}
        <strong className="mb-price" data-testid="bar-payable">
          {formatCents(pricing.payableCents)}
        </strong>
      </span>
      <button
        type="button"
        className="mb-button mb-button--accent"
        disabled={settlement.isPlacing || settlement.isPricing || !hasGoods}
        aria-busy={settlement.isPlacing}
        onClick={() => void settlement.place()}
      >
        {settlement.isPlacing ? '提交中…' : '提交订单'}
      </button>
    </div>
  );
}

function LinesCard({ settlement, initial, cartHref }: { settlement: SettlementState; initial: MobileSettlementData['settlement']; cartHref: string }) {
  const { pricing } = settlement;
  const rows = settlementRowsOf(pricing.lines, pricing.shortfallChoice, initial.quotation);
  return (
    <Card
      title={`商品清单（${String(rows.length)} 种）`}
      aside={
        initial.quotation ? (
          <span className="mb-muted">报价单 {initial.quotation.quotationNo}</span>
        ) : (
          <a className="mb-muted" href={cartHref}>
            修改 ›
          </a>
        )
      }
    >
      <ul className="mb-lines">
        {rows.map((row) => (
          <li key={row.key} className={row.isFlagged ? 'mb-lines__line mb-lines__line--flagged' : 'mb-lines__line'} data-testid="m-settlement-line">
            <span className="mb-lines__code">{row.productCode}</span>
            <span className="mb-muted">
              {row.brandName} · {row.package}
            </span>
            <span className="mb-lines__figures">
              {formatUnitPriceE4(row.unitPriceE4)} × {row.quantity}
              <strong>{formatCents(row.amountCents)}</strong>
            </span>
            {row.customerPartNo ? <span className="mb-muted">客户料号：{row.customerPartNo}</span> : null}
            {row.quantityNote ? <span className="mb-warning">{row.quantityNote.text}</span> : null}
            {row.changes.length > 0 ? <span className="mb-warning">价格、库存或包装数量已变化，已按最新信息计算</span> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function CouponCard({ settlement }: { settlement: SettlementState }) {
  const { pricing } = settlement;
  return (
    <Card
      title="优惠券"
      aside={
        pricing.memberCouponIds.length > 0 ? (
          <span className="mb-muted" data-testid="coupon-saving">
            已选 {pricing.memberCouponIds.length} 张，省 {formatCents(pricing.goodsDiscountCents + pricing.freightDiscountCents)}
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
    </Card>
  );
}

function NothingToSettle({ shell, basePath, cartHref }: { shell: PageProps<MobileSettlementData>['shell']; basePath: string; cartHref: string }) {
  return (
    <MobileFrame shell={shell} basePath={basePath} title="确认订单" backHref={cartHref}>
      <section className="mb-empty">
        <p>购物车中没有勾选要结算的商品</p>
        <a className="mb-button mb-button--primary" href={cartHref}>
          返回购物车
        </a>
      </section>
    </MobileFrame>
  );
}

/**
 * /m/offer/settlement (members): the desktop checkout's state and calls (useSettlement: prices only
 * from the server, so the total is the desktop's to the fen), one column, the submit bar at the bottom.
 */
export function MobileSettlementPage({ shell, data }: PageProps<MobileSettlementData>) {
  const { settlement: initial } = data;
  const paths = mobileBuyPaths(data.basePath);
  const settlement = useSettlement(initial);
  const { pricing, choices, notice } = settlement;
  const carrier = initial.carriers.find((entry) => entry.code === choices.carrierCode);
  const isPickup = carrier?.isPickup === true;
  const backHref = initial.quotation ? '/user/quotation' : paths.cart;

  if (pricing.lines.length === 0) return <NothingToSettle shell={shell} basePath={data.basePath} cartHref={paths.cart} />;

  return (
    <MobileFrame shell={shell} basePath={data.basePath} title="确认订单" backHref={backHref} bottomBar={<MobileSubmitBar settlement={settlement} />}>
      <Card title="收货地址">
        {isPickup ? (
          <p className="mb-muted">
            {carrier.name}：{carrier.description}
          </p>
        ) : (
          <MobileAddressChoice addresses={initial.addresses} selectedId={choices.addressId} onSelect={(address) => settlement.chooseAddress(address.id)} />
        )}
      </Card>
      <Card title="配送方式">
        <DeliveryOptions
          carriers={initial.carriers}
          carrierCode={choices.carrierCode}
          shortfallChoice={choices.shortfallChoice}
          pricing={pricing}
          isPricing={settlement.isPricing}
          isDisabled={settlement.isPlacing}
          onCarrier={settlement.chooseCarrier}
          onShortfall={settlement.chooseShortfall}
          isQuotation={initial.quotation !== undefined}
        />
      </Card>
      <LinesCard settlement={settlement} initial={initial} cartHref={paths.cart} />
      <Card title="发票信息">
        <InvoicePicker initialProfiles={initial.invoiceProfiles} value={settlement.invoice} onChange={settlement.setInvoice} />
      </Card>
      <CouponCard settlement={settlement} />
      <Card title="采购信息">
        <PoNumberField
          value={settlement.poNumber}
          problem={settlement.poNumberProblem}
          isDisabled={settlement.isPlacing}
          onChange={settlement.setPoNumber}
          className="mb-po-number"
        />
      </Card>
      <Card title="订单备注">
        <textarea
          className="mb-textarea"
          aria-label="订单备注"
          placeholder="选填，200字以内"
          maxLength={remarkMaxLength}
          value={settlement.remark}
          onChange={(event) => settlement.setRemark(event.target.value)}
        />
      </Card>
      <section className="mb-card" aria-label="金额明细">
        <PriceSummary pricing={pricing} />
        <p className="mb-muted">提交订单后请在 {initial.paymentMinutes} 分钟内完成付款，超时订单将自动取消。</p>
      </section>
      {notice ? (
        <p className="mb-notice" role="alert">
          {notice.text}
          {notice.isCartProblem ? <a href={backHref}>{initial.quotation ? ' 返回我的询价 ›' : ' 返回购物车修改 ›'}</a> : null}
        </p>
      ) : null}
    </MobileFrame>
  );
}
