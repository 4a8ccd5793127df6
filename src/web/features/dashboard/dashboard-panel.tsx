import { formatPermille, lowStockThreshold, type DashboardData } from '../../../contract/dashboard.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { OrdersChart } from './orders-chart.tsx';

/** 成交订单与成交额: today, the last 30 days, the chart and the days' table. */
function OrdersCard({ orders, fromDay, toDay }: { orders: NonNullable<DashboardData['orders']>; fromDay: string; toDay: string }) {
  return (
    <section className="admin-card" aria-label="成交订单与成交额">
      <h2>
        成交订单与成交额（{fromDay} 至 {toDay}，北京时间）
      </h2>
      <p>
        今日成交{' '}
        <span className="admin-figure" data-testid="today-orders">
          {orders.todayOrders}
        </span>{' '}
        笔 · 近30天成交 {orders.totalOrders} 笔 · 成交额 {formatCents(orders.totalRevenueCents)}
      </p>
      <p className="admin-dashboard__note">按付款日统计已付款的订单，不含待付款、已取消、已关闭（全额退款）的订单；成交额扣除退款。</p>
      <OrdersChart days={orders.days} />
      <details>
        <summary>按日明细</summary>
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>日期</th>
                <th>成交订单数</th>
                <th>成交额（扣除退款）</th>
              </tr>
            </thead>
            <tbody>
              {orders.days.map((day) => (
                <tr key={day.day}>
                  <td>{day.day}</td>
                  <td>{day.orderCount}</td>
                  <td>{formatCents(day.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** 加购到付款转化. */
function ConversionCard({ conversion }: { conversion: NonNullable<DashboardData['conversion']> }) {
  return (
    <section className="admin-card" aria-label="加购到付款转化">
      <h2>加购到付款转化（近30天）</h2>
      <p className="admin-figure" data-testid="conversion-rate">
        {formatPermille(conversion.ratePermille)}
      </p>
      <p>
        加购会员 {conversion.cartMembers} 人，付款会员 {conversion.paidMembers} 人
      </p>
    </section>
  );
}

/** BOM 匹配率. */
function BomMatchCard({ bomMatch }: { bomMatch: NonNullable<DashboardData['bomMatch']> }) {
  return (
    <section className="admin-card" aria-label="BOM匹配率">
      <h2>BOM 匹配率（近30天）</h2>
      <p className="admin-figure" data-testid="bom-match-rate">
        {formatPermille(bomMatch.ratePermille)}
      </p>
      <p>
        {bomMatch.bomCount} 份 BOM，共 {bomMatch.lineCount} 行，匹配 {bomMatch.matchedCount} 行
      </p>
    </section>
  );
}

/** 无结果搜索: the keywords searched for in vain, most often first. */
function SearchMissesCard({ searchMisses }: { searchMisses: NonNullable<DashboardData['searchMisses']> }) {
  return (
    <section className="admin-card" aria-label="无结果搜索">
      <h2>无结果搜索（近30天）</h2>
      {searchMisses.length === 0 ? (
        <p>暂无数据</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table" data-testid="search-misses">
            <thead>
              <tr>
                <th>关键词</th>
                <th>次数</th>
              </tr>
            </thead>
            <tbody>
              {searchMisses.map((miss) => (
                <tr key={miss.keyword}>
                  <td>{miss.keyword}</td>
                  <td>{miss.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** 低库存型号, linked to their shop pages. */
function LowStockCard({ lowStock }: { lowStock: NonNullable<DashboardData['lowStock']> }) {
  return (
    <section className="admin-card" aria-label="低库存">
      <h2>
        低库存型号（库存少于 {lowStockThreshold}，共 {lowStock.total} 个）
      </h2>
      {lowStock.rows.length === 0 ? (
        <p>暂无数据</p>
      ) : (
        <div className="admin-scroll">
          <table className="admin-table" data-testid="low-stock">
            <thead>
              <tr>
                <th>型号</th>
                <th>库存</th>
              </tr>
            </thead>
            <tbody>
              {lowStock.rows.map((row) => (
                <tr key={row.productId}>
                  <td>
                    <a href={`/product/detail/${String(row.productId)}`}>{row.code}</a>
                  </td>
                  <td>{row.stock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The console's home figures: only the widgets the server sent (those the role may read). */
export function DashboardPanel({ data }: { data: DashboardData }) {
  const { orders, conversion, searchMisses, bomMatch, lowStock } = data;
  return (
    <div className="admin-dashboard" data-testid="dashboard">
      {orders ? <OrdersCard orders={orders} fromDay={data.fromDay} toDay={data.toDay} /> : null}
      {conversion ? <ConversionCard conversion={conversion} /> : null}
      {bomMatch ? <BomMatchCard bomMatch={bomMatch} /> : null}
      {searchMisses ? <SearchMissesCard searchMisses={searchMisses} /> : null}
      {lowStock ? <LowStockCard lowStock={lowStock} /> : null}
    </div>
  );
}
