import { useEffect, useRef } from 'react';
import type { DashboardDay } from '../../../contract/dashboard.ts';
import { yuanOfCents } from '../../../contract/money.ts';

/**
 * Orders (bars) and revenue in yuan (line) by day, drawn by uPlot. The library is imported when the
 * chart mounts, so it is a chunk of its own that only the console's home loads; the table beside the
 * chart carries the same figures for reading without it.
 */
export function OrdersChart({ days }: { days: DashboardDay[] }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let plot: { destroy(): void } | null = null;
    let isGone = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      const element = holder.current;
      if (isGone || !element) return;
      const xs = days.map((_, index) => index);
      plot = new UPlot(
        {
          width: Math.max(320, element.clientWidth),
          height: 240,
          scales: { x: { time: false }, revenue: { auto: true } },
          axes: [
            { values: (_, ticks) => ticks.map((tick) => days[tick]?.day.slice(5) ?? '') },
            { label: '成交订单数' },
            // 1 is uPlot's right side (Axis.Side.Right, a const enum that an isolated module cannot name).
            // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
            { label: '成交额（元）', scale: 'revenue', side: 1, grid: { show: false } },
          ],
          series: [
            {},
            { label: '成交订单数', stroke: '#1677ff', fill: 'rgba(22,119,255,0.15)', paths: UPlot.paths.bars?.({ size: [0.6] }) },
            { label: '成交额（元）', stroke: '#fa8c16', scale: 'revenue', width: 2 },
          ],
        },
        [xs, days.map((day) => day.orderCount), days.map((day) => yuanOfCents(day.revenueCents))],
        element,
      );
    });
    return () => {
      isGone = true;
      plot?.destroy();
    };
  }, [days]);
  return <div ref={holder} className="admin-chart" data-testid="orders-chart" />;
}
