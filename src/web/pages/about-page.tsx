import type { AboutData } from '../../contract/home.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';

const services = [
  { title: '现货采购', text: '自营仓储现货，支持小批量研发采购与批量生产采购，阶梯价格透明，现货订单 2 小时内发货。' },
  { title: 'BOM配单', text: '上传物料清单即可自动匹配型号、参数与替代料，几分钟完成整单报价，减少工程师重复查询。' },
  { title: '品质保障', text: '物料均来自原厂及授权代理渠道，入库逐批检验，提供原厂质保与可追溯的出货记录。' },
  { title: '专业服务', text: '专属客户经理一对一跟进，提供选型咨询、交期跟踪、增值税专用发票与售后支持。' },
];

/** 12000 → "12,000", the same on the server and in the browser. */
function grouped(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** /about: who the store is, what it offers, and how to reach it. */
export function AboutPage({ shell, data }: PageProps<AboutData>) {
  return (
    <PageShell shell={shell}>
      <div className="about-page">
        <Breadcrumb items={[{ label: '关于我们' }]} />
        <section className="about-hero">
          <h1>关于{shell.siteName}</h1>
          <p>
            {shell.siteName}是面向工程师与采购人员的电子元器件一站式采购平台，提供集成电路、分立器件、被动元件、连接器、传感器等品类的现货销售与 BOM
            配单服务，致力于让研发打样与生产采购更简单、更高效。
          </p>
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
          <ul>
            {services.map((service) => (
              <li key={service.title}>
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
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
