import type { DeliveryFacts, HelpFacts, PaymentFacts } from '../../../contract/help.ts';
import { formatCents } from '../../../contract/pricing.ts';

function DeliveryFactsBlock({ facts }: { facts: DeliveryFacts }) {
  const zoneNames = facts.carriers.find((carrier) => carrier.fees.length > 0)?.fees.map((fee) => fee.zoneName) ?? [];
  const freeCarriers = facts.carriers.filter((carrier) => carrier.hasFreeShipping && !carrier.isPickup).map((carrier) => carrier.name);
  return (
    <section className="help-facts" data-testid="delivery-facts">
      <div className="help-facts__banner">
        <strong data-testid="free-shipping-threshold">{`满${formatCents(facts.freeShippingThresholdCents)}包邮`}</strong>
        <span>
          {`${freeCarriers.join('、')}订单商品金额满${formatCents(facts.freeShippingThresholdCents)}免运费（偏远地区除外）；默认配送方式：${facts.defaultCarrierName}`}
        </span>
      </div>
      <h2>配送方式与运费标准</h2>
      <table className="help-table">
        <thead>
          <tr>
            <th rowSpan={2}>配送方式</th>
            <th rowSpan={2}>说明</th>
            {zoneNames.map((zone) => (
              <th key={zone}>{zone}</th>
            ))}
          </tr>
          <tr>
            {zoneNames.map((zone) => (
              <th key={zone} className="help-table__sub">
                首重1kg / 续重每kg
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {facts.carriers.map((carrier) => (
            <tr key={carrier.code} data-testid={`carrier-${carrier.code}`}>
              <th scope="row">
                {carrier.name}
                {carrier.hasFreeShipping && !carrier.isPickup && <span className="help-tag">满额包邮</span>}
              </th>
              <td className="help-table__note">{carrier.description}</td>
              {carrier.isPickup ? (
                <td colSpan={zoneNames.length} className="help-table__free">
                  免运费
                </td>
              ) : (
                carrier.fees.map((fee) => (
                  <td key={fee.zoneName} className="help-table__fee">
                    {`${formatCents(fee.firstKilogramCents)} / ${formatCents(fee.extraKilogramCents)}`}
                  </td>
                ))
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <h2>发货时效</h2>
      <table className="help-table help-table--two">
        <thead>
          <tr>
            <th>订单情况</th>
            <th>发货时间</th>
          </tr>
        </thead>
        <tbody>
          {facts.dispatchTimes.map((entry) => (
            <tr key={entry.situation}>
              <td>{entry.situation}</td>
              <td className="help-table__accent">{entry.time}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="help-facts__note">{`发货后 ${String(facts.autoCompleteDays)} 天内未确认收货的订单将自动确认收货。`}</p>
    </section>
  );
}

function PaymentFactsBlock({ facts }: { facts: PaymentFacts }) {
  const hasBankTransfer = facts.methods.some((method) => method.method === 'bankTransfer');
  return (
    <section className="help-facts" data-testid="payment-facts">
      <div className="help-facts__banner">
        <strong>{`${String(facts.paymentMinutes)}分钟`}</strong>
        <span>
          {`订单提交后请在 ${String(facts.paymentMinutes)} 分钟内完成付款，逾期订单自动取消`}
          {hasBankTransfer ? `；选择对公转账后付款期限延长至 ${String(facts.bankTransferWindowDays)} 天` : ''}
        </span>
      </div>
      <h2>收银台支持的付款方式</h2>
      <table className="help-table help-table--two">
        <thead>
          <tr>
            <th>付款方式</th>
            <th>说明</th>
          </tr>
        </thead>
        <tbody>
          {facts.methods.map((method) => (
            <tr key={method.method} data-testid={`payment-method-${method.method}`}>
              <th scope="row">{method.label}</th>
              <td>{method.hint}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasBankTransfer && (
        <>
          <h2>对公转账收款账户</h2>
          <table className="help-table help-table--two" data-testid="bank-account">
            <tbody>
              <tr>
                <th scope="row">户名</th>
                <td>{facts.bank.accountName}</td>
              </tr>
              <tr>
                <th scope="row">开户行</th>
                <td>{facts.bank.bankName}</td>
              </tr>
              <tr>
                <th scope="row">账号</th>
                <td className="help-table__accent">{facts.bank.accountNumber}</td>
              </tr>
            </tbody>
          </table>
          <p className="help-facts__note">转账时请在附言中填写订单号，到账后由工作人员确认。</p>
        </>
      )}
    </section>
  );
}

/** The store's real terms beside an article (from the same configuration checkout and the cashier use). */
export function HelpFactsBlock({ facts }: { facts: HelpFacts }) {
  return facts.kind === 'delivery' ? <DeliveryFactsBlock facts={facts} /> : <PaymentFactsBlock facts={facts} />;
}
