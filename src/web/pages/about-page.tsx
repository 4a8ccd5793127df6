import type { AboutData } from '../../contract/home.ts';
import { HelpHtml } from '../features/help/help-html.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

/** 12000 → "12,000", the same on the server and in the browser. */
function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** /about: who the store is and what it offers (staff-edited prose), its live figures, and how to reach it. */
export function AboutPage({ shell, data }: PageProps<AboutData>) {
  return (
    <PageShell shell={shell}>
      <div className="about-page">
        <Breadcrumb items={[{ label: '关于我们' }]} />
        <section className="about-hero">
          <h1>关于{shell.siteName}</h1>
          <HelpHtml className="about-hero__text" html={data.prose.intro} />
        </section>
        <section className="about-figures" aria-label="平台数据">
          <div>
            <strong data-testid="about-sku-count">{grouped(data.skuCount)}</strong>
            <span>在售物料（种）</span>
          </div>
          <div>
            <strong data-testid="about-brand-count">{grouped(data.brandCount)}</strong>
            <span>合作品牌（个）</span>
          </div>
          <div>
            <strong>2小时</strong>
            <span>现货发货</span>
          </div>
          <div>
            <strong>100%</strong>
            <span>原厂正品</span>
          </div>
        </section>
        <section className="about-services">
          <h2>我们提供</h2>
          <HelpHtml className="about-services__cards" html={data.prose.services} />
        </section>
        <section className="about-contact">
          <h2>联系我们</h2>
          <p>
            客服热线：<strong>{shell.hotline}</strong>（{shell.footerData.hours}）
          </p>
          <p>
            商务合作与供应商入驻请访问 <a href="/serve/supplier">供应商入驻</a>，更多联系方式见 <a href="/contact">联系我们</a>。
          </p>
        </section>
      </div>
    </PageShell>
  );
}
