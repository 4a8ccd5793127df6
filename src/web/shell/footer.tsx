import { imageUrl } from '../../contract/content.ts';
import type { ShellState } from '../../contract/shell.ts';
import { Icon, type IconName } from './icons.tsx';
import { loadingOf } from '../ui/responsive-image.tsx';

const guarantees: { icon: IconName; title: string; text: string }[] = [
  { icon: 'shield', title: '正品保障', text: '原厂及代理渠道直供' },
  { icon: 'truck', title: '2小时发货', text: '现货订单 2 小时内发出' },
  { icon: 'grid', title: '品类齐全', text: '百万型号一站配齐' },
  { icon: 'headset', title: '专业服务', text: '资深 FAE 选型支持' },
];

function Guarantees() {
  return (
    <div className="site-footer__guarantees">
      <ul className="container site-footer__guarantee-list">
        {guarantees.map((item) => (
          <li key={item.title} className="site-footer__guarantee" data-testid="guarantee">
            <span className="site-footer__guarantee-icon">
              <Icon name={item.icon} size={28} />
            </span>
            <span>
              <strong>{item.title}</strong>
              <small>{item.text}</small>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The help columns, the hotline and the official WeChat QR code. */
function FooterMain({ shell }: { shell: ShellState }) {
  const { footerData, sidebarInfo } = shell;
  return (
    <div className="container site-footer__main">
      <div className="site-footer__columns">
        {footerData.helpColumns.map((column) => (
          <div key={column.title} className="site-footer__column" data-testid="help-column">
            <h2>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.url}>
                  <a href={link.url}>{link.title}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="site-footer__contact">
        <p className="site-footer__contact-title">客服热线</p>
        <p className="site-footer__hotline" data-testid="footer-hotline">
          {footerData.hotline}
        </p>
        <p className="site-footer__hours" data-testid="footer-hours">
          {footerData.hours}
        </p>
      </div>
      {sidebarInfo.configInfo.operateQrCode && (
        <div className="site-footer__qr">
          <img src={imageUrl(shell.qiniuImgAddress, sidebarInfo.configInfo.operateQrCode)} alt="官方微信二维码" width={96} height={104} {...loadingOf(false)} />
          <span>关注官方微信</span>
        </div>
      )}
    </div>
  );
}

function LegalLine({ shell }: { shell: ShellState }) {
  const { footerData } = shell;
  return (
    <div className="site-footer__legal" data-testid="footer-legal">
      <div className="container">
        <p>
          {footerData.copyright}
          {footerData.icpText && (
            <>
              <span className="site-footer__sep">|</span>
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
                {footerData.icpText}
              </a>
            </>
          )}
          <span className="site-footer__sep">|</span>
          <a href="/public/sitemap.xml">网站地图</a>
          <span className="site-footer__sep">|</span>
          <a href="/serve/clause">用户协议</a>
          {shell.mobileSiteHref && (
            <>
              <span className="site-footer__sep">|</span>
              <a href={shell.mobileSiteHref} data-testid="mobile-site-link">
                手机版
              </a>
            </>
          )}
        </p>
        <p>本站商品信息均来自原厂及授权渠道，价格与库存以实际下单为准。</p>
      </div>
    </div>
  );
}

/**
 * The footer's content (spec §2): guarantee badges, help columns, hotline and hours, friendly links,
 * legal text. Static: rendered on the server only (page-shell.tsx, ServerMarkup).
 */
export function FooterContent({ shell }: { shell: ShellState }) {
  const { footerData } = shell;
  return (
    <>
      <Guarantees />
      <FooterMain shell={shell} />
      {footerData.friendlyLinks.length > 0 && (
        <div className="container site-footer__links" data-testid="friendly-links">
          <span className="site-footer__links-title">友情链接：</span>
          {footerData.friendlyLinks.map((link) => (
            <a key={link.linkUrl} href={link.linkUrl} target="_blank" rel="noopener noreferrer">
              {link.linkName}
            </a>
          ))}
        </div>
      )}
      <LegalLine shell={shell} />
    </>
  );
}
