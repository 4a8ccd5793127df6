import { homeLimits } from '../../../contract/home.ts';
import type { OrderStatistic } from '../../../contract/home.ts';
import { OrderStatistics } from './order-statistics.tsx';
import { loadingOf } from '../../ui/responsive-image.tsx';

const bomSteps = [
  { title: '上传BOM', text: '支持 Excel / CSV / 粘贴' },
  { title: '智能匹配', text: '型号、参数自动识别' },
  { title: '一键下单', text: '现货 2 小时发货' },
];

/** Promo poster (special offers), the BOM tool promo (every link → /bom) and the recent-order statistics. */
export function PromoRow({ orders }: { orders: OrderStatistic[] }) {
  return (
    <div className="home-promo">
      <a className="home-promo__poster" href="/product/discount?subject=A01" data-testid="promo-poster">
        <img src="/static/banners/promo-special-offer.svg" alt="特价专区：原厂现货限时特价" width={290} height={230} {...loadingOf(false)} />
      </a>
      <section className="bom-promo" data-section="bom" data-testid="bom-promo">
        <div className="bom-promo__head">
          <h2>
            <a href="/bom">BOM智能配单</a>
          </h2>
          <a className="bom-promo__more" href="/bom">
            了解更多 ›
          </a>
        </div>
        <p className="bom-promo__lead">
          <a href="/bom">上传物料清单，系统自动匹配现货与替代料，几分钟完成整单报价。</a>
        </p>
        <ol className="bom-promo__steps">
          {bomSteps.map((step, index) => (
            <li key={step.title}>
              <a href="/bom">
                <span className="bom-promo__step-no">{index + 1}</span>
                <strong>{step.title}</strong>
                <small>{step.text}</small>
              </a>
            </li>
          ))}
        </ol>
        <a className="bom-promo__button" href="/bom">
          立即配单
        </a>
      </section>
      <OrderStatistics orders={orders} visibleRows={homeLimits.orderStatisticsVisibleRows} />
    </div>
  );
}
