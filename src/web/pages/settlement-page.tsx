import { Breadcrumb } from '../ui/breadcrumb.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

/** The checkout step is the next release's work: this page says so and leads back. */
export function SettlementPage({ shell }: PageProps<null>) {
  return (
    <PageShell shell={shell}>
      <Breadcrumb items={[{ label: '我的购物车', href: '/cart' }, { label: '订单结算' }]} />
      <section className="settlement">
        <h1 className="settlement__title">订单结算即将上线</h1>
        <p className="settlement__text">在线下单与支付功能将在下一个版本中推出，您选好的商品会一直保存在购物车中。</p>
        <p className="settlement__text">如需马上采购，请拨打服务热线 {shell.hotline}（周一至周六 9:00-18:00），我们的销售会为您下单。</p>
        <p>
          <a className="button button--primary" href="/cart">
            返回购物车
          </a>
        </p>
      </section>
    </PageShell>
  );
}
