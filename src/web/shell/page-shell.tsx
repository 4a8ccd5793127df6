import type { ReactNode } from 'react';
import type { ShellState } from '../../contract/shell.ts';
import { FooterContent } from './footer.tsx';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { StatusBar } from './status-bar.tsx';
import { TopBannerAd } from '../features/content/top-banner-ad.tsx';
import { ServerMarkup } from '../ui/server-markup.tsx';

/** The frame of every page: top ad, status bar, header with search and mega-menu, sidebar, footer. */
export function PageShell({ shell, children }: { shell: ShellState; children: ReactNode }) {
  const topAd = shell.advertisingInfo.top;
  return (
    <div className="page">
      {topAd && <TopBannerAd ad={topAd} qiniuImgAddress={shell.qiniuImgAddress} />}
      <StatusBar shell={shell} />
      <Header shell={shell} />
      <main className="main container">{children}</main>
      <ServerMarkup as="footer" className="site-footer" data-testid="footer">
        {(typeof __SERVER_RENDER__ === 'undefined' || __SERVER_RENDER__) && <FooterContent shell={shell} />}
      </ServerMarkup>
      <Sidebar shell={shell} />
    </div>
  );
}
