import { formatPieces, homeLimits, type OrderStatistic } from '../../../contract/home.ts';
import { centsOfYuan, formatGroupedCents } from '../../../contract/money.ts';
import { Carousel } from '../../ui/carousel.tsx';
import { ServerMarkup } from '../../ui/server-markup.tsx';

/** Row height in px (home.css draws rows this tall); the scroller is exactly `visibleRows` rows high. */
export const orderRowHeight = 34;

/** Recent orders scrolling upwards, 5 rows in view: buyer (masked), pieces, time and amount. */
export function OrderStatistics({ orders, visibleRows }: { orders: OrderStatistic[]; visibleRows: number }) {
  return (
    <section className="order-stats" data-section="order-statistics" data-testid="order-statistics">
      <div className="order-stats__head">
        <h2>实时成交</h2>
        <span className="order-stats__hint">最新采购动态</span>
      </div>
      <div className="order-stats__columns" aria-hidden="true">
        <span>客户</span>
        <span>数量</span>
        <span>时间</span>
        <span>金额</span>
      </div>
      {orders.length > 0 ? (
        <Carousel
          axis="y"
          autoplayMs={homeLimits.orderStatisticsScrollMs}
          label="实时成交"
          className="order-stats__scroller"
          testId="order-statistics-scroller"
          style={{ height: visibleRows * orderRowHeight }}
        >
          {orders.map((order, index) => (
            <ServerMarkup className="order-stats__row" key={index} data-testid="order-row" cacheKey={{ of: order, name: 'order-row' }}>
              {(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) && (
                <>
                  <span className="order-stats__user">{order.userNum}</span>
                  <span className="order-stats__count">{formatPieces(order.productCount)}</span>
                  <span className="order-stats__time">{order.orderTimeStr}</span>
                  <span className="order-stats__amount">{formatGroupedCents(centsOfYuan(order.tradeAmount))}</span>
                </>
              )}
            </ServerMarkup>
          ))}
        </Carousel>
      ) : (
        <p className="order-stats__empty">暂无成交记录</p>
      )}
    </section>
  );
}
