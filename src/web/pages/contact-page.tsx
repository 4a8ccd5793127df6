import { OfficeKind, officeKindLabels, type ContactPageData } from '../../contract/contact.ts';
import { ContactFormPanel } from '../features/contact/contact-form.tsx';
import { HelpHtml } from '../features/help/help-html.tsx';
import { imageUrl } from '../../contract/content.ts';
import { PageShell } from '../shell/page-shell.tsx';
import { qqChatUrl } from '../shell/sidebar-panels.tsx';
import { Breadcrumb } from '../ui/breadcrumb.tsx';
import type { PageProps } from './page-props.ts';
import type { ShellState } from '../../contract/shell.ts';
import { loadingOf } from '../ui/responsive-image.tsx';

function ContactChannels({ shell }: { shell: ShellState }) {
  const config = shell.sidebarInfo.configInfo;
  const hours = shell.footerData.hours;
  return (
    <section className="contact-channels" aria-label="联系方式">
      <div className="contact-channel">
        <h2>客服热线</h2>
        <strong className="contact-channel__value" data-testid="contact-hotline">
          {shell.hotline}
        </strong>
        <p>服务时间：{hours}</p>
      </div>
      <div className="contact-channel">
        <h2>座机</h2>
        <strong className="contact-channel__value" data-testid="contact-landline">
          {config.landLine || '—'}
        </strong>
        <p>商务合作、大客户采购</p>
      </div>
      <div className="contact-channel">
        <h2>QQ客服</h2>
        <strong className="contact-channel__value" data-testid="contact-qq">
          {config.qq || '—'}
        </strong>
        {config.qq ? (
          <a className="contact-channel__button" href={qqChatUrl(config.qq, config.key)} target="_blank" rel="noopener noreferrer">
            在线咨询
          </a>
        ) : null}
      </div>
      <div className="contact-channel contact-channel--qr">
        <h2>官方微信</h2>
        {config.operateQrCode ? (
          <img src={imageUrl(shell.qiniuImgAddress, config.operateQrCode)} alt="官方微信二维码" width={96} height={104} data-testid="contact-qr" />
        ) : null}
        <p>扫码关注，获取新品与优惠</p>
      </div>
    </section>
  );
}

function ContactOffices({ offices, warehouses }: Pick<ContactPageData, 'offices' | 'warehouses'>) {
  return (
    <section className="contact-offices">
      <h2 className="contact-title">公司与仓库地址</h2>
      <ul>
        {offices.map((office) => (
          <li key={office.id} className="contact-office" data-testid="contact-office">
            <img className="contact-office__map" src={office.mapUrl} alt={`${office.name}位置示意图`} width={560} height={320} {...loadingOf(false)} />
            <div className="contact-office__body">
              <h3>
                {office.name}
                <span className={`contact-office__kind contact-office__kind--${office.kind}`}>{office.kindLabel}</span>
              </h3>
              <p>地址：{office.address}</p>
              {office.phone ? <p>电话：{office.phone}</p> : null}
              {office.hours ? <p>时间：{office.hours}</p> : null}
            </div>
          </li>
        ))}
        {warehouses.map((warehouse) => (
          <li key={warehouse.code} className="contact-office" data-testid="contact-office">
            <img className="contact-office__map" src={warehouse.mapUrl} alt={`${warehouse.name}位置示意图`} width={560} height={320} {...loadingOf(false)} />
            <div className="contact-office__body">
              <h3>
                {warehouse.name}
                <span className={`contact-office__kind contact-office__kind--${OfficeKind.warehouse}`}>{officeKindLabels.warehouse}</span>
              </h3>
              <p>地址：{warehouse.address}</p>
              <p data-testid="contact-warehouse-cutoff">当日发货截单：周一至周六 {warehouse.cutoffTime}</p>
              {warehouse.isPickup ? <p>支持上门自提</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /contact: the store's channels (the shell's config info), its offices and warehouses with their maps, and the contact form. */
export function ContactPage({ shell, data }: PageProps<ContactPageData>) {
  return (
    <PageShell shell={shell}>
      <div className="contact-page">
        <Breadcrumb items={[{ label: '联系我们' }]} />
        <section className="contact-hero">
          <h1>联系我们</h1>
          <HelpHtml className="contact-hero__text" html={data.prose.intro} />
        </section>

        <ContactChannels shell={shell} />
        <ContactOffices offices={data.offices} warehouses={data.warehouses} />

        <section className="contact-message" id="message">
          <div className="contact-message__main">
            <h2 className="contact-title">在线留言</h2>
            <ContactFormPanel graphCodeType={data.graphCodeType} />
          </div>
          <aside className="contact-message__aside">
            <h3>留言须知</h3>
            <HelpHtml className="contact-message__notes" html={data.prose.notes} />
            <p className="contact-message__hotline">
              紧急问题请致电 <strong>{shell.hotline}</strong>
            </p>
          </aside>
        </section>
      </div>
    </PageShell>
  );
}
