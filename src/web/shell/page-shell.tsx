import type { ReactNode } from 'react';
import type { ShellState } from '../../contract/shell.ts';
import { FooterContent } from './footer.tsx';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { StatusBar } from './status-bar.tsx';
import { TopBannerAd } from '../features/content/top-banner-ad.tsx';
import { ServerMarkup, type ServerMarkupKey } from '../ui/server-markup.tsx';

/** The footer is made from the site's content (footerData, the same object until it changes) and these strings. */
function footerMarkupKey(shell: ShellState): ServerMarkupKey {
  const { qiniuImgAddress, sidebarInfo, mobileSiteHref = '' } = shell;
  return { of: shell.footerData, name: `site-footer ${qiniuImgAddress} ${sidebarInfo.configInfo.operateQrCode} ${mobileSiteHref}` };
}

/** The frame of every page: top ad, status bar, header with search and mega-menu, sidebar, footer. */
export function PageShell({ shell, children }: { shell: ShellState; children: ReactNode }) {
  const topAd = shell.advertisingInfo.top;
  return (
    <div className="page">
      {topAd && <TopBannerAd ad={topAd} qiniuImgAddress={shell.qiniuImgAddress} />}
      <StatusBar shell={shell} />
      <Header shell={shell} />
      <main className="main container">{children}</main>
      <ServerMarkup as="footer" className="site-footer" data-testid="footer" cacheKey={footerMarkupKey(shell)}>
        {(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) && <FooterContent shell={shell} />}
      </ServerMarkup>
      <Sidebar shell={shell} />
    </div>
  );
}
